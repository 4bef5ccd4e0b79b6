import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isInternalAddress } from '../security/internal-addresses.js';

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
