import { message } from '../../../common/i18n/translator.js';
import { type AuditContext, recordAudit } from '../../audit/record-audit.js';
import { endOtherSessions } from '../../auth/end-sessions.js';
import { voidInvitationLinks } from '../../auth/invitation-links.js';
import { takePasswordGuess } from '../../auth/password-guesses.js';
import { MIN_PASSWORD_LENGTH } from '../../auth/password-rule.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { recordSignInFailure } from '../../auth/sign-in-failure.js';
import type { UserRole, UserRow } from '../../db/tables.js';
import { AppError, invalidField } from '../../errors.js';
import { type DomainContext, now } from '../context.js';
import { describeWait } from '../describe-wait.js';
import { assertAccountEnabled } from './account-disabled.js';
import { findUserByEmail, normalizeEmail } from './resolve-user.js';

export { MIN_PASSWORD_LENGTH } from '../../auth/password-rule.js';

/** Agents and admins, by name (the assignee list and agent management). */
export async function listStaff(ctx: DomainContext): Promise<UserRow[]> {
  return ctx.db.selectFrom('users').selectAll().where('role', 'in', ['agent', 'admin']).orderBy('name').orderBy('id').execute();
}

/**
 * Checks an agent's or admin's email and password for the admin app and the classic settings
 * (wrong guesses limited per account and address with backoff, and per address, see
 * password-guesses.ts). Staff always sign in with a password; the clients' login method does not
 * apply to them.
 */
export async function verifyStaffPassword(ctx: DomainContext, email: string, password: string, ip: string): Promise<UserRow> {
  const address = normalizeEmail(email);
  const guess = await takePasswordGuess(ctx.db, address, ip);
  if (!guess.allowed) {
    throw new AppError('RATE_LIMITED', (t) =>
      t.t('problems.people.too_many_attempts', { wait: describeWait(guess.retryAfterS, t) }),
    ).withHeaders({
      'retry-after': String(guess.retryAfterS),
    });
  }
  let right = true; // a check that fails on our side is no wrong guess
  try {
    const user = await findUserByEmail(ctx.db, address);
    const ok = await verifyPassword(password, user?.password_hash ?? null);
    right = !!user && ok && (user.role === 'agent' || user.role === 'admin');
    if (!user || !right) {
      await recordSignInFailure(ctx, address, ip, 'wrong_password');
      throw new AppError('INVALID_CREDENTIALS', message('problems.people.staff_credentials'));
    }
    // Said only after the right password, so it reveals nothing to a guesser.
    if (user.disabled_at) await recordSignInFailure(ctx, address, ip, 'account_disabled');
    assertAccountEnabled(user);
    return user;
  } finally {
    await guess.settle(right);
  }
}

export interface StaffChanges {
  name?: string;
  role?: UserRole;
  password?: string;
}

/**
 * An admin renames a user, changes the role or sets a password; the last admin cannot be demoted. A new
 * password ends the account's sessions, all but `keepSession` (the admin's own, when they change their
 * own password).
 */
export async function updateUser(
  ctx: DomainContext,
  id: number,
  changes: StaffChanges,
  keepSession: string | null = null,
  audit?: AuditContext,
): Promise<UserRow> {
  if (changes.password !== undefined && changes.password.length < MIN_PASSWORD_LENGTH) {
    throw invalidField('password', message('problems.auth.password_too_short', { min: MIN_PASSWORD_LENGTH }));
  }
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', message('problems.people.no_user_id', { id: String(id) }));
    if (user.role === 'admin' && changes.role !== undefined && changes.role !== 'admin') {
      // Another admin who can still sign in must remain (a disabled one cannot manage anything).
      const otherAdmins = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .where('id', '!=', id)
        .executeTakeFirstOrThrow();
      if (Number(otherAdmins.n) === 0) throw invalidField('role', message('problems.people.last_admin_role'));
    }
    if (passwordHash !== undefined) {
      await endOtherSessions(trx, id, keepSession);
      // A password set for the invitee ends their invitation: its link would otherwise replace that password.
      await voidInvitationLinks(trx, id);
    }
    const updated = await trx
      .updateTable('users')
      .set({
        ...(changes.name !== undefined && { name: changes.name.trim() }),
        ...(changes.role !== undefined && { role: changes.role }),
        ...(passwordHash !== undefined && { password_hash: passwordHash }),
        updated_at: now(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (changes.role !== undefined && changes.role !== user.role) {
      await recordAudit(trx, audit, {
        action: 'user.role_changed',
        targetType: 'user',
        targetId: id,
        targetLabel: `${updated.name} <${updated.email}>`,
        details: { changes: { role: { old: user.role, new: changes.role } } },
      });
    }
    return updated;
  });
  // Sessions ended or a role changed: its open event streams ask again whether they may go on.
  if (passwordHash !== undefined || changes.role !== undefined) ctx.live.publish({ kind: 'access.revoked', userId: id });
  return updated;
}

/** Sets a password on a user found by email (the CLI and tests). */
export async function setPasswordByEmail(ctx: DomainContext, email: string, password: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError('NOT_FOUND', message('problems.people.no_account_email', { email: normalizeEmail(email) }));
  await updateUser(ctx, user.id, { password });
}
