import { message } from '../../../common/i18n/translator.js';
import { takeRateLimit } from '../../auth/rate-limit.js';
import { AppError } from '../../errors.js';
import type { Actor, DomainContext } from '../context.js';
import { inviteStaff } from './invite-staff.js';

const HOUR_MS = 60 * 60 * 1000;
/** Invitations resent to one account per hour: enough to fix a lost mail, too few to flood a mailbox. */
export const RESENDS_PER_ACCOUNT_HOUR = 3;
/** Invitations one admin resends per hour, to everyone together. */
export const RESENDS_PER_ADMIN_HOUR = 20;

/**
 * An admin sends an agent or admin who has not chosen a password yet a new invitation; the earlier link
 * stops working. Refused for a client, an account that has a password or is disabled, and over the limits.
 */
export async function resendInvitation(ctx: DomainContext, userId: number, admin: Actor): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'role', 'password_hash', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', message('problems.people.no_account_id', { id: String(userId) }));
  if (user.role === 'client') throw new AppError('CONFLICT', message('problems.invite.client'));
  if (user.password_hash !== null) throw new AppError('CONFLICT', message('problems.invite.has_password'));
  if (user.disabled_at) throw new AppError('CONFLICT', message('problems.invite.disabled'));
  const allowed =
    (await takeRateLimit(ctx.db, `invite-admin:${admin.id}`, RESENDS_PER_ADMIN_HOUR, HOUR_MS)) &&
    (await takeRateLimit(ctx.db, `invite-account:${userId}`, RESENDS_PER_ACCOUNT_HOUR, HOUR_MS));
  if (!allowed)
    throw new AppError('RATE_LIMITED', message('problems.invite.too_many')).withHeaders({
      'retry-after': String(HOUR_MS / 1000),
    });
  await inviteStaff(ctx.db, userId);
}
