import { randomBytes } from 'node:crypto';
import { message } from '../../common/i18n/translator.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { AppError } from '../errors.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import { createMailTransport } from './create-transport.js';
import { recipientTranslator } from './recipient-translator.js';
import { findSupportAddress } from './support-address.js';

/**
 * Emails → "Send a test mail": sends one mail now, not through the queue, to the admin's own address
 * (never a typed one: the button must not relay mail), with the sender and reply address real mails
 * get, so the admin sees at once whether SMTP and the support address work. An SMTP failure is a 503
 * naming what the server said; the password in SMTP_URL is never part of it.
 */
export async function sendTestMail(ctx: DomainContext, config: Config, adminId: number): Promise<{ to: string; file: string | null }> {
  const admin = await ctx.db
    .selectFrom('users')
    .select(['email', 'language', 'time_zone'])
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  const [settings, site] = await Promise.all([getCoreSettings(ctx), getSiteOptions(ctx.db)]);
  // In the admin's own language, as every mail to them.
  const tr = recipientTranslator(admin, site);
  const host = new URL(config.homeUrl).hostname;
  const support = await findSupportAddress(ctx, config);
  const text = `${tr.t('mail.test.body', { site: site.site_name })}\n\n${
    support ? tr.t('mail.test.replies', { address: support }) : tr.t('mail.test.noReplies')
  }`;
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  try {
    const { file } = await transport.send({
      from: { name: settings.emails.from_name || site.site_name, address: settings.emails.from_address || `helpdesk@${host}` },
      to: admin.email,
      subject: tr.t('mail.test.subject', { site: site.site_name }),
      text,
      html: '',
      language: tr.language,
      messageId: `<test-${randomBytes(12).toString('hex')}@${host}>`,
      automatic: true,
      ...(support && { replyTo: support }),
    });
    return { to: admin.email, file: file ?? null };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    throw new AppError('SERVICE_UNAVAILABLE', message('problems.mail.test_failed', { reason: said.replace(/\/\/[^@\s]*@/g, '//') }));
  } finally {
    transport.close();
  }
}
