import { createHmac } from 'node:crypto';

/**
 * Signs claims as a site's server does (HS256 JWT): for the tests and the end-to-end page. The docs' recipes
 * (docs/guide.md) do the same in Node, PHP and Python.
 */
export function signIdentityToken(
  claims: Record<string, unknown>,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const body = `${part(header)}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
