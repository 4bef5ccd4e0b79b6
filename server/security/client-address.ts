import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key every per-address limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 network, and an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its IPv4 address.
 *
 * One IPv6 subscriber is routinely handed a whole /64 (2^64 addresses), so counting single IPv6
 * addresses would let anyone rotate past every limit; a /64 is what one home or server holds.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone index (`fe80::1%eth0`) names a local interface
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing IPv4 part converted). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
