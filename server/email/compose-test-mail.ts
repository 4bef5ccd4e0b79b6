import { randomBytes } from 'node:crypto';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import type { OutgoingMail } from './create-transport.js';
import { recipientTranslator } from './recipient-translator.js';
import { siteSender } from './site-sender.js';
import { findSupportAddress } from './support-address.js';

/**
 * The test mail both buttons send (Emails → "Send a test mail", Settings → Mail servers' check): the sender and reply
 * address real mails get, in the reader's own language, as every mail to them.
 */
export async function composeTestMail(
  ctx: DomainContext,
  config: Config,
  reader: { language: string | null; time_zone: string | null },
  to: string,
): Promise<OutgoingMail> {
  const [settings, site] = await Promise.all([getCoreSettings(ctx), getSiteOptions(ctx.db)]);
  const tr = recipientTranslator(reader, site);
  const { from, host } = siteSender(config, site, settings.emails);
  const support = await findSupportAddress(ctx, config);
  const text = `${tr.t('mail.test.body', { site: site.site_name })}\n\n${
    support ? tr.t('mail.test.replies', { address: support }) : tr.t('mail.test.noReplies')
  }`;
  return {
    from,
    to,
    subject: tr.t('mail.test.subject', { site: site.site_name }),
    text,
    html: '',
    language: tr.language,
    messageId: `<test-${randomBytes(12).toString('hex')}@${host}>`,
    automatic: true,
    ...(support && { replyTo: support }),
  };
}
