import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { composeTestMail } from '../email/compose-test-mail.js';
import { createMailTransport } from '../email/create-transport.js';
import { effectiveSmtp } from './effective-mail-servers.js';
import { classifyMailError, type MailFailure, whatTheServerSaid } from './mail-failure.js';

/** A check's answer: it worked, or what failed in a word the screen says in plain words, and the server's own. */
export type CheckResult<T> = ({ ok: true } & T) | { ok: false; failure: MailFailure; server_said: string };

// A check answers while the admin waits: shorter than the queue's waits.
const CHECK_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 15_000 };

/**
 * Settings → Mail's "Send a test mail": one mail now, not queued, through the SMTP server in force (SMTP_URL,
 * else the saved settings) to `to` (the admin's own address unless they typed one), with the sender real mails
 * get. A failure is an answer, not an error: DNS, refused, TLS, authentication, recipient, timeout.
 */
export async function checkSmtp(
  ctx: DomainContext,
  config: Config,
  reader: { email: string; language: string | null; time_zone: string | null },
  to: string,
): Promise<CheckResult<{ sent_to: string }>> {
  const smtp = await effectiveSmtp(ctx, config);
  if (!smtp.url) return { ok: false, failure: 'not_set', server_said: '' };
  const mail = await composeTestMail(ctx, config, reader, to);
  const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: config.dataDir, timeouts: CHECK_TIMEOUTS });
  try {
    await transport.send(mail);
    return { ok: true, sent_to: to };
  } catch (error) {
    return { ok: false, failure: classifyMailError(error), server_said: whatTheServerSaid(error) };
  } finally {
    transport.close();
  }
}
