import { recordAudit } from '../../../audit/record-audit.js';
import { takeRateLimit } from '../../../auth/rate-limit.js';
import type { DomainContext } from '../../../domain/context.js';
import { enqueueMail } from '../../../email/mail-jobs.js';
import { addressKey } from '../../../security/client-address.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests per account a day: a copy, and a retry or two when the first mail went astray. */
export const DATA_EXPORTS_PER_ACCOUNT_DAY = 3;
/** Requests per network (`addressKey`: an IPv6 address by its /64) a day: one office's clients, not a spray of accounts. */
export const DATA_EXPORTS_PER_NETWORK_DAY = 10;

/**
 * A signed-in client asks for their own data: one mail with a one-time link (minted when the mail is built, so no
 * usable token ever waits in the queue) and an audit entry, in one transaction. False, and nothing queued, when the
 * account or the network asked too often today. The link goes to the account's own address only: whoever is signed
 * in must also read that mailbox to get the file.
 */
export async function requestDataExport(ctx: DomainContext, userId: number, ip: string): Promise<boolean> {
  const allowed =
    (await takeRateLimit(ctx.db, `data-export-account:${userId}`, DATA_EXPORTS_PER_ACCOUNT_DAY, DAY_MS)) &&
    (await takeRateLimit(ctx.db, `data-export-net:${addressKey(ip)}`, DATA_EXPORTS_PER_NETWORK_DAY, DAY_MS));
  if (!allowed) return false;
  await ctx.db.transaction().execute(async (trx) => {
    await enqueueMail(trx, { template: 'client_data_export', userId, ticketId: null });
    await recordAudit(trx, { actorId: userId, address: ip }, { action: 'client.export_requested', targetType: 'client', targetId: userId });
  });
  return true;
}
