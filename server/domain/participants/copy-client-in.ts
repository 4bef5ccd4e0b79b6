import { CC_MAX } from '../../../common/limits.js';
import { type DomainContext, now } from '../context.js';
import { isEmailAddress } from '../people/email-address.js';
import { findOrCreateClient } from '../people/find-or-create-client.js';
import { countCopied, insertParticipant } from './participants.js';
import { changeParticipantsRecorded, recordingSettings } from './record-participant-change.js';

/** What copying an address in came to; each entry point (staff API, help site) answers it in its own words. */
export type CopyInResult =
  | { kind: 'added'; userId: number }
  | { kind: 'already'; userId: number }
  | { kind: 'invalid_email' }
  /** No account has the address and none may be made (the registration settings). */
  | { kind: 'no_account' }
  /** A staff or disabled account: only enabled clients are copied in. */
  | { kind: 'not_client' }
  /** The ticket's own client. */
  | { kind: 'is_client' }
  | { kind: 'full'; max: number };

/**
 * Copies a client in on a ticket by address, with the rules staff and clients share: a valid address, an
 * enabled client account (an unknown address becomes one through the one find-or-create path, quietly, when
 * accounts may be made), never the ticket's own client, at most CC_MAX. Adding someone already there
 * changes nothing. The caller has checked who may add.
 */
export async function copyClientIn(
  ctx: DomainContext,
  ticket: { id: number; authorId: number | null },
  who: { email: string; name?: string; addedBy: number },
): Promise<CopyInResult> {
  const email = who.email.trim().toLowerCase();
  if (!isEmailAddress(email)) return { kind: 'invalid_email' };
  const name = (who.name ?? '').trim() || email.slice(0, email.indexOf('@'));
  const user = await findOrCreateClient(ctx, { email, name });
  if (!user) return { kind: 'no_account' };
  if (user.role !== 'client' || user.disabled_at) return { kind: 'not_client' };
  if (user.id === ticket.authorId) return { kind: 'is_client' };
  const already = await ctx.db
    .selectFrom('ticket_participants')
    .select('id')
    .where('ticket_id', '=', ticket.id)
    .where('user_id', '=', user.id)
    .where('kind', '=', 'cc')
    .executeTakeFirst();
  if (already) return { kind: 'already', userId: user.id };
  if ((await countCopied(ctx.db, ticket.id)) >= CC_MAX) return { kind: 'full', max: CC_MAX };
  // One version and an activity entry ("Ann copied in Sam"), as for every change of the ticket's people.
  const recording = await recordingSettings(ctx);
  await changeParticipantsRecorded(ctx, ticket.id, who.addedBy, recording, async (trx) =>
    (await insertParticipant(trx, { ticketId: ticket.id, userId: user.id, kind: 'cc', addedBy: who.addedBy, at: now() }))
      ? [{ kind: 'cc', userId: user.id, name: user.name, added: true }]
      : [],
  );
  return { kind: 'added', userId: user.id };
}
