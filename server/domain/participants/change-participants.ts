import { message } from '../../../common/i18n/translator.js';
import { AppError, fieldError, invalidField } from '../../errors.js';
import { mayChangeTicket } from '../../policies/ticket-policy.js';
import { type Actor, type DomainContext, now } from '../context.js';
import { EMAIL_RULE } from '../people/email-address.js';
import { findTicket } from '../tickets/find-ticket.js';
import { copyClientIn } from './copy-client-in.js';
import { insertParticipant, type ParticipantKind } from './participants.js';
import { changeParticipantsRecorded, recordingSettings } from './record-participant-change.js';
import { takeParticipantOff } from './take-participant-off.js';

/** Who to add: a client to copy in by address (made quietly when new), or a staff member to follow by id. */
export type ParticipantToAdd = { kind: 'cc'; email: string; name?: string } | { kind: 'follower'; userId: number };

/**
 * Staff copy a client in on a ticket (at most CC_MAX; an unknown address becomes a client account through the one
 * find-or-create path, with no mail) or add a staff member as a follower. Adding someone already there changes
 * nothing. The ticket's activity records who added whom, under a new version that open screens hear of. Returns
 * the account added.
 */
export async function addParticipant(ctx: DomainContext, actor: Actor | null, ticketId: number, who: ParticipantToAdd): Promise<number> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', message('problems.policy.agent_only'));
  const ticket = await findTicket(ctx, ticketId);
  if (!ticket) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
  if (who.kind === 'follower') {
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'name', 'role', 'disabled_at'])
      .where('id', '=', who.userId)
      .executeTakeFirst();
    if (!user || user.role === 'client' || user.disabled_at) throw invalidField('user_id', message('problems.participants.not_staff'));
    const recording = await recordingSettings(ctx);
    await changeParticipantsRecorded(ctx, ticket.id, actor.id, recording, async (trx) =>
      (await insertParticipant(trx, { ticketId: ticket.id, userId: user.id, kind: 'follower', addedBy: actor.id, at: now() }))
        ? [{ kind: 'follower', userId: user.id, name: user.name, added: true }]
        : [],
    );
    return user.id;
  }
  const result = await copyClientIn(ctx, ticket, { email: who.email, name: who.name, addedBy: actor.id });
  switch (result.kind) {
    case 'added':
    case 'already':
      return result.userId;
    case 'invalid_email':
      throw invalidField('email', EMAIL_RULE);
    case 'no_account':
      throw invalidField('email', message('problems.participants.no_account'));
    case 'not_client':
      throw invalidField('email', message('problems.participants.not_client'));
    case 'is_client':
      throw invalidField('email', message('problems.participants.is_client'));
    case 'full':
      throw new AppError('VALIDATION_FAILED', message('problems.participants.full', { max: result.max }), [
        fieldError('email', message('problems.participants.full', { max: result.max })),
      ]);
  }
}

/** Staff take someone off a ticket's copies or followers (recorded in its activity); someone not there is no error. */
export async function removeParticipant(
  ctx: DomainContext,
  actor: Actor | null,
  ticketId: number,
  who: { kind: ParticipantKind; userId: number },
): Promise<void> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', message('problems.policy.agent_only'));
  const ticket = await findTicket(ctx, ticketId);
  if (!ticket) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
  await takeParticipantOff(ctx, ticket.id, actor.id, who);
}
