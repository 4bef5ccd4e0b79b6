import type { FastifyReply } from 'fastify';
import { GUESS_RETRY_AFTER_S } from '../../../auth/guess-limits.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { MessagePage } from '../../../site/shared/message-page.js';
import { layoutProps, sendPrivatePage } from '../../../site/shared/site-page.js';

const WORDS = {
  invalid: {
    title: 'This link does not work',
    message:
      'The address of this file is not complete or was changed. Open the link from your mail again, ' +
      'or open the ticket to download the file.',
  },
  expired: {
    title: 'This link has expired',
    message: 'Links to files in our mails work for a limited time. Open the ticket to download the file.',
  },
  gone: {
    title: 'This file is no longer here',
    message: 'The file was removed, or its ticket was deleted.',
  },
} as const;

/**
 * The answer to a mailed file link that cannot give the file: a page a person reads, always 404 (it
 * tells nothing more than a missing file would), never the file.
 */
export async function sendBrokenFileLink(ctx: DomainContext, config: Config, reply: FastifyReply, why: keyof typeof WORDS) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  return sendPrivatePage(reply, MessagePage({ ...layout, ...WORDS[why] }), 404, { 'referrer-policy': 'no-referrer' });
}

/** 429 for a network that tried too many altered links (the sign-in links' guess limit). */
export async function sendTooManyBrokenLinks(ctx: DomainContext, config: Config, reply: FastifyReply) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  const message = 'Too many links that do not work were tried from your network. Wait 15 minutes, then try again.';
  return sendPrivatePage(reply, MessagePage({ ...layout, title: 'Too many attempts', message }), 429, {
    'retry-after': GUESS_RETRY_AFTER_S,
    'referrer-policy': 'no-referrer',
  });
}
