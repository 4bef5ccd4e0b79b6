import { message } from '../../../common/i18n/translator.js';
import { type AuditContext, recordAudit } from '../../audit/record-audit.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';

/**
 * Revokes a token by deleting its row: the Bearer lookup reads the table on every request, so every
 * instance refuses the token from the next request on, and its open event streams, told on every
 * instance, end before they send anything more.
 */
export async function revokeApiToken(ctx: DomainContext, id: number, audit?: AuditContext): Promise<void> {
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('api_tokens').where('id', '=', id).returning(['user_id', 'label']).executeTakeFirst();
    if (!row) return undefined;
    const user = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', row.user_id).executeTakeFirst();
    await recordAudit(trx, audit, {
      action: 'api_token.revoked',
      targetType: 'api_token',
      targetId: id,
      targetLabel: row.label,
      details: { user: user ? `${user.name} <${user.email}>` : '' },
    });
    return row;
  });
  if (!revoked) throw new AppError('NOT_FOUND', message('problems.people.no_token', { id: String(id) }));
  ctx.live.publish({ kind: 'access.revoked', userId: revoked.user_id });
}
