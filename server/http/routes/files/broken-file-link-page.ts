import type { FastifyReply } from 'fastify';
import { GUESS_RETRY_AFTER_S } from '../../../auth/guess-limits.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { MessagePage } from '../../../site/shared/message-page.js';
import { layoutProps, sendPrivatePage } from '../../../site/shared/site-page.js';

/** Why a mailed file link gives no file: each a title and a sentence of the site catalogue (`site.fileLink.*`). */
type BrokenLink = 'invalid' | 'expired' | 'gone';

/**
 * The answer to a mailed file link that cannot give the file: a page a person reads, in their language, always 404
 * (it tells nothing more than a missing file would), never the file.
 */
export async function sendBrokenFileLink(ctx: DomainContext, config: Config, reply: FastifyReply, why: BrokenLink) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  const { t } = layout.t;
  const page = MessagePage({ ...layout, title: t(`site.fileLink.${why}.title`), message: t(`site.fileLink.${why}.text`) });
  return sendPrivatePage(reply, page, 404, { 'referrer-policy': 'no-referrer' });
}

/** 429 for a network that tried too many altered links (the sign-in links' guess limit). */
export async function sendTooManyBrokenLinks(ctx: DomainContext, config: Config, reply: FastifyReply) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  const { t } = layout.t;
  return sendPrivatePage(
    reply,
    MessagePage({ ...layout, title: t('site.fileLink.tooMany.title'), message: t('site.fileLink.tooMany.text') }),
    429,
    {
      'retry-after': GUESS_RETRY_AFTER_S,
      'referrer-policy': 'no-referrer',
    },
  );
}
