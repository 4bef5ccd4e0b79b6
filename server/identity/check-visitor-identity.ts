import { message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { AppError } from '../errors.js';
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

/**
 * Who an anonymous filing is from when the site vouches for them: the claims of `token`, checked with the identity
 * secret at `ctx.now()`. Without a token: undefined, unless Settings require one. Every refusal is a 403 problem
 * in plain words, thrown before anything is stored.
 */
export async function checkVisitorIdentity(ctx: DomainContext, token: string | undefined): Promise<IdentityClaims | undefined> {
  if (token === undefined || token === '') {
    if ((await getCoreSettings(ctx)).tickets.widget_require_identity) {
      throw new AppError('IDENTITY_REQUIRED', message('problems.identity.required'));
    }
    return undefined;
  }
  const secret = await readIdentitySecret(ctx);
  if (!secret) throw new AppError('IDENTITY_REFUSED', message('problems.identity.no_secret'));
  const checked = verifyIdentityToken(token, secret, Math.floor(ctx.now().getTime() / 1000));
  if (!checked.ok) throw new AppError('IDENTITY_REFUSED', message(REFUSALS[checked.reason]));
  return checked.claims;
}
