import { message } from '../../common/i18n/translator.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { AppError } from '../errors.js';
import { effectiveSmtp } from '../mail-settings/effective-mail-servers.js';
import { composeTestMail } from './compose-test-mail.js';
import { createMailTransport } from './create-transport.js';

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
  const mail = await composeTestMail(ctx, config, admin, admin.email);
  // SMTP_URL, else the server Settings → Mail saved.
  const transport = createMailTransport({ smtpUrl: (await effectiveSmtp(ctx, config)).url, dataDir: config.dataDir });
  try {
    const { file } = await transport.send(mail);
    return { to: admin.email, file: file ?? null };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    throw new AppError('SERVICE_UNAVAILABLE', message('problems.mail.test_failed', { reason: said.replace(/\/\/[^@\s]*@/g, '//') }));
  } finally {
    transport.close();
  }
}
