import { message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { AppError } from '../errors.js';
import type { CounterStore } from '../intake/counter-store.js';
import { addressKey } from '../security/client-address.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { readIdentitySecret } from './identity-secret.js';
import { type IdentityClaims, verifyIdentityToken } from './identity-token.js';

const REFUSALS = {
  malformed: 'problems.identity.malformed',
  algorithm: 'problems.identity.algorithm',
  signature: 'problems.identity.signature',
  expired: 'problems.identity.expired',
  too_far: 'problems.identity.too_far',
  claims: 'problems.identity.claims',
} as const;

/** Refused tokens one address may send per hour; then even a good one waits (guessing a secret gets nowhere, but costs us). */
export const IDENTITY_REFUSALS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Who an anonymous filing is from when the site vouches for them: the claims of `token`, checked with the identity
 * secret at `ctx.now()`. Without a token: undefined, unless Settings require one. Every refusal is a 403 problem
 * in plain words, thrown before anything is stored, and counted per address (`ip`): past
 * IDENTITY_REFUSALS_PER_HOUR, a 429 until the hour is over.
 */
export async function checkVisitorIdentity(
  ctx: DomainContext,
  token: string | undefined,
  limit: { counters: CounterStore; ip: string },
): Promise<IdentityClaims | undefined> {
  if (token === undefined || token === '') {
    if ((await getCoreSettings(ctx)).tickets.widget_require_identity) {
      throw new AppError('IDENTITY_REQUIRED', message('problems.identity.required'));
    }
    return undefined;
  }
  const key = `identity:refused:h:${addressKey(limit.ip)}`;
  if ((await limit.counters.peek(key)) >= IDENTITY_REFUSALS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', message('problems.identity.too_many')).withHeaders({ 'retry-after': String(HOUR_MS / 1000) });
  }
  const secret = await readIdentitySecret(ctx);
  const checked = secret ? verifyIdentityToken(token, secret, Math.floor(ctx.now().getTime() / 1000)) : undefined;
  if (checked?.ok) return checked.claims;
  await limit.counters.hit(key, HOUR_MS);
  throw new AppError('IDENTITY_REFUSED', message(checked ? REFUSALS[checked.reason] : 'problems.identity.no_secret'));
}
