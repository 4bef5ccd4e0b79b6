import type { FastifyReply, FastifyRequest } from 'fastify';
import { GUESS_RETRY_AFTER_S } from '../../auth/guess-limits.js';
import { MAIL_REQUEST_WINDOW_MS } from '../../auth/mail-request-limits.js';
import type { Config } from '../../config/config-types.js';
import type { DomainContext } from '../../domain/context.js';
import { MessagePage } from './message-page.js';
import { layoutProps, sendPrivatePage } from './site-page.js';

/** The 403 page for a mailed link whose account an admin disabled. */
export async function sendAccountDisabled(ctx: DomainContext, config: Config, reply: FastifyReply) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  return sendPrivatePage(
    reply,
    MessagePage({ ...layout, title: layout.t.t('site.refusal.disabledTitle'), message: layout.t.t('site.refusal.disabledText') }),
    403,
    {
      'referrer-policy': 'no-referrer',
    },
  );
}

/** The 429 page for an IP that tried too many unknown link tokens (see guess-limits.ts). */
export async function sendTooManyGuesses(ctx: DomainContext, config: Config, reply: FastifyReply) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  const message = layout.t.t('site.refusal.guessesText');
  return sendPrivatePage(reply, MessagePage({ ...layout, title: layout.t.t('site.refusal.attemptsTitle'), message }), 429, {
    'retry-after': GUESS_RETRY_AFTER_S,
    'referrer-policy': 'no-referrer',
  });
}

/** The 429 page for a network that asked for too many sign-up or reset mails this hour. */
export async function sendTooManyMailRequests(ctx: DomainContext, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const layout = await layoutProps(ctx, config, request, reply);
  const message = layout.t.t('site.refusal.mailRequestsText');
  return sendPrivatePage(reply, MessagePage({ ...layout, title: layout.t.t('site.refusal.requestsTitle'), message }), 429, {
    'retry-after': String(MAIL_REQUEST_WINDOW_MS / 1000),
  });
}
