import { CC_MAX } from '../../../common/limits.js';
import { type DomainContext, now } from '../context.js';
import { isEmailAddress } from '../people/email-address.js';
import { findOrCreateClient } from '../people/find-or-create-client.js';
import { countCopied, insertParticipant } from './participants.js';
import { changeParticipantsRecorded, type ParticipantEntry, recordingSettings } from './record-participant-change.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const NOT_SINGLE_LINE = /[\s\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** What copying in a mail's To/Cc did: who was added, and which addresses were left out past the cap. */
export interface CopiedIn {
  added: number[];
  overCap: string[];
}

/**
 * Copies in the people a new ticket's mail was also sent to (its To and Cc, less the helpdesk's own addresses and
 * the sender), up to CC_MAX a ticket; the rest are left out and returned. Each becomes a client account through the
 * one find-or-create path (no password, no mail: the account is made quietly, as for a ticket filed by mail); an
 * unknown address while accounts may not be created, a staff address or a disabled account is skipped. Those
 * added are recorded in the ticket's activity, as the helpdesk's doing, under one version.
 */
export async function copyInFromMail(
  ctx: DomainContext,
  ticketId: number,
  people: readonly { address: string; name: string }[],
  isOwnAddress: (address: string) => boolean,
): Promise<CopiedIn> {
  const ticket = await ctx.db
    .selectFrom('posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .select(['u.email'])
    .where('p.id', '=', ticketId)
    .executeTakeFirst();
  const seen = new Set<string>([ticket?.email ?? '']);
  const candidates: { address: string; name: string }[] = [];
  for (const person of people) {
    const address = person.address.trim().toLowerCase();
    if (seen.has(address) || !isEmailAddress(address) || isOwnAddress(address)) continue;
    seen.add(address);
    candidates.push({ address, name: person.name });
  }
  const room = CC_MAX - (await countCopied(ctx.db, ticketId));
  const added: number[] = [];
  const overCap: string[] = [];
  // The accounts are found or made first (outside the transaction: that path reads through ctx), then copied in.
  const accounts: { id: number; name: string }[] = [];
  for (const { address, name } of candidates) {
    if (room - accounts.length <= 0) {
      overCap.push(address);
      continue;
    }
    const oneLine = name.replace(NOT_SINGLE_LINE, ' ').trim().slice(0, 100);
    const user = await findOrCreateClient(ctx, { email: address, name: oneLine || address.slice(0, address.indexOf('@')) });
    if (user?.role !== 'client' || user.disabled_at) continue;
    accounts.push({ id: user.id, name: user.name });
  }
  if (accounts.length === 0) return { added, overCap };
  const recording = await recordingSettings(ctx);
  await changeParticipantsRecorded(
    ctx,
    ticketId,
    null,
    recording,
    async (trx) => {
      const entries: ParticipantEntry[] = [];
      for (const person of accounts)
        if (await insertParticipant(trx, { ticketId, userId: person.id, kind: 'cc', addedBy: null, at: now() })) {
          added.push(person.id);
          entries.push({ kind: 'cc', userId: person.id, name: person.name, added: true });
        }
      return entries;
    },
    true,
  );
  return { added, overCap };
}
