import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { imapOptions } from '../mail-inbound/imap-options.js';
import type { CheckResult } from './check-smtp.js';
import { effectiveImap } from './effective-mail-servers.js';
import { classifyMailError, whatTheServerSaid } from './mail-failure.js';

/**
 * Settings → Mail's "Check the mailbox": connects to the mailbox in force (HELPDESK_IMAP_URL, else the saved
 * settings), signs in, opens the folder and counts its messages, then signs out. Reads nothing and moves nothing.
 */
export async function checkImap(ctx: DomainContext, config: Config): Promise<CheckResult<{ folder: string; messages: number }>> {
  const imap = await effectiveImap(ctx, config);
  if (!imap.url) return { ok: false, failure: 'not_set', server_said: '' };
  const { options, mailbox } = imapOptions(imap.url);
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({ ...options, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  // Without a listener an 'error' event would end the process.
  client.on('error', () => {});
  try {
    try {
      await client.connect();
    } catch (error) {
      return { ok: false, failure: classifyMailError(error), server_said: whatTheServerSaid(error) };
    }
    try {
      const opened = await client.mailboxOpen(mailbox, { readOnly: true });
      return { ok: true, folder: mailbox, messages: opened.exists };
    } catch (error) {
      return { ok: false, failure: 'folder', server_said: whatTheServerSaid(error) };
    }
  } finally {
    if (client.usable) await client.logout().catch(() => {});
    client.close();
  }
}
