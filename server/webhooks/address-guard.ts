import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Where a webhook must never reach by default (SSRF): this host, the private networks, link-local (the cloud
// metadata services at 169.254.169.254 and fd00:ec2::254 among them), carrier-grade NAT, multicast and reserved.
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

/** True for an address in a range above; an IPv4 address written as IPv6 (`::ffff:10.0.0.1`, NAT64) by its IPv4 part. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family !== 6) return true;
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (embedded?.[1]) return internal.check(embedded[1], 'ipv4');
  return internal.check(address, 'ipv6');
}

/** The host names the setting Tickets → Webhooks → Internal hosts allowed lets through, lower-cased. */
export function allowedHostsOf(setting: string): Set<string> {
  return new Set(
    setting
      .split(/[\s,]+/)
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** A URL's host as DNS and the allow-list know it: lower-case, an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

export class InternalAddressError extends Error {
  constructor(readonly host: string) {
    // The log keeps the code `internal_address`, not this (send-webhook.ts).
    super(`internal_address: ${host}`);
  }
}

/**
 * The DNS lookup a delivery's connection uses: the check happens on the addresses it then connects to, so a name
 * that resolves to an internal address (or is made to, between a check and the connection) is refused.
 */
export function guardedLookup(allowed: Set<string>): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowed.has(hostname.toLowerCase()) && addresses.some((a) => isInternalAddress(a.address)))
        return callback(Object.assign(new InternalAddressError(hostname), { code: 'EINTERNAL' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Whether a URL's host is refused: an internal IP literal, or a name resolving to one, unless allowed. A name that
 * does not resolve now is not refused here (its delivery is retried); the connection checks again.
 */
export async function refusesHost(url: URL, allowed: Set<string>): Promise<boolean> {
  const host = hostOf(url);
  if (allowed.has(host)) return false;
  if (isIP(host)) return isInternalAddress(host);
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (e, a) => resolve(e ? [] : a)));
  return addresses.some((a) => isInternalAddress(a.address));
}
