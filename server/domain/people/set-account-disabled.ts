import { message } from '../../../common/i18n/translator.js';
import { type AuditContext, recordAudit } from '../../audit/record-audit.js';
import type { UserRow } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { type Actor, type DomainContext, now } from '../context.js';

/**
 * Disables an account (client or staff) or enables it again. Disabling ends everything that signs it
 * in — its sessions, its API tokens and its unused mailed sign-in links are ended in the same
 * transaction — and keeps everything it made (tickets, replies). The session and token lookups also
 * refuse a disabled account on every request, so nothing started in between survives either.
 * `by` is the admin doing it (null from the CLI): nobody disables themselves, and the last enabled
 * admin is never disabled, so the help desk always keeps someone who can manage it.
 */
export async function setAccountDisabled(
  ctx: DomainContext,
  userId: number,
  disabled: boolean,
  by: Actor | null,
  audit?: AuditContext,
): Promise<UserRow> {
  if (disabled && by?.id === userId) throw new AppError('CONFLICT', message('problems.people.disable_self'));
  let revoked = false;
  const user = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', message('problems.people.no_account_id', { id: String(userId) }));
    const record = () =>
      recordAudit(trx, audit, {
        action: disabled ? 'user.disabled' : 'user.enabled',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${user.name} <${user.email}>`,
      });
    if (!disabled) {
      if (!user.disabled_at) return user;
      await record();
      return trx
        .updateTable('users')
        .set({ disabled_at: null, updated_at: now() })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (user.disabled_at) return user;
    if (user.role === 'admin') {
      const others = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .where('id', '!=', userId)
        .executeTakeFirstOrThrow();
      if (Number(others.n) === 0) throw new AppError('CONFLICT', message('problems.people.last_admin_disable'));
    }
    const time = now();
    const updated = await trx
      .updateTable('users')
      .set({ disabled_at: time, updated_at: time })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
    // Marked used rather than deleted: whoever opens one later is told the account is disabled.
    await trx.updateTable('login_tokens').set({ used_at: time }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await record();
    revoked = true;
    return updated;
  });
  // After the commit: its open event streams, on every instance, end before they send anything more.
  if (revoked) ctx.live.publish({ kind: 'access.revoked', userId });
  return user;
}
