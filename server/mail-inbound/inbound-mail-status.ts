import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { effectiveImap } from '../mail-settings/effective-mail-servers.js';
import { describeImapUrl } from './imap-options.js';
import { type ImapStatus, readImapStatus } from './imap-status.js';

export interface InboundMailStatus extends ImapStatus {
  /** Whether this instance reads a mailbox (HELPDESK_IMAP_URL). The pipe command needs no setting. */
  imapConfigured: boolean;
  /** Messages that became a ticket or a comment, by either path. */
  imported: number;
  /** Messages refused and waiting in the failed list. */
  failed: number;
}

/** What the admin's Emails screen shows of incoming mail. */
export async function inboundMailStatus(ctx: DomainContext, config: Config): Promise<InboundMailStatus> {
  const counts = await ctx.db
    .selectFrom('inbound_mails')
    .select(['outcome', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('outcome', 'in', ['imported', 'rejected'])
    .groupBy('outcome')
    .execute();
  const count = (outcome: string) => Number(counts.find((c) => c.outcome === outcome)?.count ?? 0);
  const status = await readImapStatus(ctx.db);
  // HELPDESK_IMAP_URL, else the mailbox Settings → Mail saved.
  const { url } = await effectiveImap(ctx, config);
  return {
    ...status,
    mailbox: url ? describeImapUrl(url) : status.mailbox,
    imapConfigured: Boolean(url),
    imported: count('imported'),
    failed: count('rejected'),
  };
}
