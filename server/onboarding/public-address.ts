import type { FastifyRequest } from 'fastify';

/** Names only this machine answers to: a public address on one of them reaches nobody else. */
export function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0' || /^127\./.test(host);
}

/**
 * What the setup and the embed page warn about the public address (HELPDESK_HOME_URL), which the snippet and every
 * mail's links use: `local` when only this machine can open it, `differs` when the browser came by another address
 * (then the snippet and the links go somewhere the admin did not expect); null when it is the address in use.
 */
export type PublicAddressWarning = { kind: 'local'; url: string } | { kind: 'differs'; url: string; browser: string } | null;

export function publicAddressWarning(homeUrl: string, browserOrigin: string | null): PublicAddressWarning {
  const publicOrigin = new URL(homeUrl).origin;
  if (isLocalAddress(homeUrl)) return { kind: 'local', url: homeUrl };
  if (browserOrigin && URL.canParse(browserOrigin) && new URL(browserOrigin).origin !== publicOrigin)
    return { kind: 'differs', url: homeUrl, browser: new URL(browserOrigin).origin };
  return null;
}

/** The origin the browser used for this request (after the trusted proxies), or null when the Host header is missing. */
export function browserOriginOf(request: FastifyRequest): string | null {
  const host = request.host;
  return host ? `${request.protocol}://${host}` : null;
}
