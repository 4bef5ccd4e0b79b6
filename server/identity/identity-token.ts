import { createHmac, timingSafeEqual } from 'node:crypto';
import { TICKET_FIELD_LIMITS as L } from '../../common/limits.js';

/** Who a site says its signed-in visitor is (the claims of its token). */
export interface IdentityClaims {
  email: string;
  name: string;
  externalId?: string;
}

/** Why a token was refused: each has its own plain sentence (problems.identity.*). */
export type IdentityRefusal = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'too_far' | 'claims';

export type IdentityCheck = { ok: true; claims: IdentityClaims } | { ok: false; reason: IdentityRefusal };

/** The longest lifetime a token may claim: a leaked one is then worth a day at most. */
export const IDENTITY_MAX_LIFETIME_SECONDS = 86_400;
/** Clocks differ between the site's server and ours: `iat` and the lifetime allow this much. */
const CLOCK_SKEW_SECONDS = 60;
/** Far more than three short claims need; a longer token is refused before any work. */
export const IDENTITY_TOKEN_MAX_LENGTH = 4096;
const EXTERNAL_ID_MAX = 255;

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
// One plain address: what the filing's own schema takes (the route checks it again with the body).
const EMAIL = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:]+$/;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Checks a JWT the site's server signed with HS256 and the identity secret (compact form, header.payload.signature),
 * at `nowSeconds`. Only HS256 is taken: `none` and every other algorithm are refused before the signature is
 * looked at, so a token cannot pick how it is checked. The signature is compared in constant time. Then the
 * claims: `exp` in the future and at most a day ahead, `iat` (optional) not in the future, `email` and `name`,
 * `external_id` optional.
 */
export function verifyIdentityToken(token: string, secret: string, nowSeconds: number): IdentityCheck {
  const refuse = (reason: IdentityRefusal): IdentityCheck => ({ ok: false, reason });
  if (token.length > IDENTITY_TOKEN_MAX_LENGTH) return refuse('malformed');
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return refuse('malformed');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  const payload = decodeJson(payloadPart);
  if (!isObject(header) || !isObject(payload)) return refuse('malformed');
  if (header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT') || header.crit !== undefined) {
    return refuse('algorithm');
  }
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  // timingSafeEqual needs equal lengths; a length says nothing about the secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse('signature');

  const { exp, iat, email, name, external_id: externalId } = payload;
  if (!isTime(exp) || (iat !== undefined && !isTime(iat))) return refuse('claims');
  if (exp <= nowSeconds) return refuse('expired');
  if (exp > nowSeconds + IDENTITY_MAX_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) return refuse('too_far');
  if (iat !== undefined && (iat > nowSeconds + CLOCK_SKEW_SECONDS || exp - iat > IDENTITY_MAX_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS)) {
    return refuse('too_far');
  }
  if (typeof email !== 'string' || email.length > L.email || !EMAIL.test(email)) return refuse('claims');
  if (typeof name !== 'string' || name.trim() === '' || name.length > L.name || /[\r\n]/.test(name)) return refuse('claims');
  if (externalId !== undefined && (typeof externalId !== 'string' || externalId === '' || externalId.length > EXTERNAL_ID_MAX)) {
    return refuse('claims');
  }
  return { ok: true, claims: { email, name: name.trim(), ...(externalId !== undefined && { externalId }) } };
}
