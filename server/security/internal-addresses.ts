import { BlockList, isIP } from 'node:net';

// Addresses that are not on the public internet: this host, the private networks, link-local (the cloud metadata
// services at 169.254.169.254 and fd00:ec2::254 among them), carrier-grade NAT, multicast and reserved. A webhook
// must never reach them by default (SSRF), and a mail's Received hop from one was written on the receiving side.
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

/**
 * True for an address in a range above, and for anything that is not an IP address; an IPv4 address written as
 * IPv6 (`::ffff:10.0.0.1`, NAT64) is judged by its IPv4 part.
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family !== 6) return true;
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (embedded?.[1]) return internal.check(embedded[1], 'ipv4');
  return internal.check(address, 'ipv6');
}
