import type { FastifyReply } from 'fastify';
import { inspectAddressProof } from '../../../auth/address-proofs.js';
import { refundGuess, takeGuess } from '../../../auth/guess-limits.js';
import { INVITATION_PURPOSE } from '../../../auth/invitation-links.js';
import type { OneTimeLinkState } from '../../../auth/link-state.js';
import { inspectPasswordResetLink } from '../../../auth/password-reset-links.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { layoutProps, sendPrivatePage } from '../../shared/site-page.js';
import type { SiteTemplate } from '../../site-template.js';
import { ChoosePasswordPage, PASSWORD_LINK_KINDS, type PasswordLinkKind } from './choose-password-page.js';
import { ForgotPasswordPage } from './forgot-password-page.js';

/** Where a mailed password link stands, without using it. */

export async function inspectPasswordLink(ctx: DomainContext, kind: PasswordLinkKind, token: string): Promise<OneTimeLinkState> {
  if (kind === 'confirm') return inspectAddressProof(ctx.db, token);
  return inspectPasswordResetLink(ctx.db, token, kind === 'welcome' ? INVITATION_PURPOSE : undefined);
}

/**
 * The choose-a-password page of a link (GET, or a POST whose password was refused).
 * The token is in the address: no Referer may carry it away.
 */
export async function sendChoosePasswordPage(
  ctx: DomainContext,
  config: Config,
  reply: FastifyReply,
  page: { kind: PasswordLinkKind; token: string; state: OneTimeLinkState; error?: string },
) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  const status = page.state === 'valid' ? (page.error ? 400 : 200) : page.state === 'unknown' ? 404 : 410;
  return sendPrivatePage(reply, ChoosePasswordPage({ ...layout, ...page }), status, { 'referrer-policy': 'no-referrer' });
}

/**
 * Looks a link up for this IP: unknown tokens count as guesses (as for sign-in links, guess-limits.ts);
 * null when the IP has no guesses left.
 */
export async function guessPasswordLink(
  ctx: DomainContext,
  ip: string,
  kind: PasswordLinkKind,
  token: string,
): Promise<OneTimeLinkState | null> {
  if (!(await takeGuess(ctx.db, 'token', ip))) return null;
  const state = await inspectPasswordLink(ctx, kind, token);
  if (state !== 'unknown') await refundGuess(ctx.db, 'token', ip);
  return state;
}

/** GET /login/confirm/, /login/reset/ and /login/welcome/ (?token=…): the form only; the link is used by its POST. */
export function passwordLinkTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => PASSWORD_LINK_KINDS.includes(vars.helpdesk_password_link as PasswordLinkKind),
    async render(front, reply) {
      const kind = front.queryVars.helpdesk_password_link as PasswordLinkKind;
      const token = front.query.get('token') ?? '';
      // Showing the form costs no guess: a foreign page's image request must not spend the visitor's
      // guesses. The POST that uses the link counts them (password.routes.ts).
      const state = await inspectPasswordLink(ctx, kind, token);
      return sendChoosePasswordPage(ctx, config, reply, { kind, token, state });
    },
  };
}

/** GET /login/forgot/: asks for the address to mail a reset link to. */
export function forgotPasswordTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_forgot_password === '1',
    async render(front, reply) {
      return sendForgotPasswordPage(ctx, config, reply, front.query.get('notice'));
    },
  };
}

export async function sendForgotPasswordPage(ctx: DomainContext, config: Config, reply: FastifyReply, notice: string | null, status = 200) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  return sendPrivatePage(reply, ForgotPasswordPage({ ...layout, notice }), status);
}
