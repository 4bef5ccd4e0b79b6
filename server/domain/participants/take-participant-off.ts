import type { DomainContext } from '../context.js';
import type { ParticipantKind } from './participants.js';
import { changeParticipantsRecorded, recordingSettings } from './record-participant-change.js';

/**
 * Takes someone off a ticket's copies or followers, recorded in its activity ("Alex took Sam off the copies") under
 * one new version; someone not there changes nothing. Who may do it is the caller's (staff, or the ticket's client).
 */
export async function takeParticipantOff(
  ctx: DomainContext,
  ticketId: number,
  actorId: number,
  who: { kind: ParticipantKind; userId: number },
): Promise<void> {
  const recording = await recordingSettings(ctx);
  await changeParticipantsRecorded(ctx, ticketId, actorId, recording, async (trx) => {
    const person = await trx.selectFrom('users').select('name').where('id', '=', who.userId).executeTakeFirst();
    const removed = await trx
      .deleteFrom('ticket_participants')
      .where('ticket_id', '=', ticketId)
      .where('user_id', '=', who.userId)
      .where('kind', '=', who.kind)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0 ? [{ kind: who.kind, userId: who.userId, name: person?.name ?? '', added: false }] : [];
  });
}
