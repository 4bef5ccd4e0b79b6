import { message } from '../../../common/i18n/translator.js';
import { API_TOKEN_NAME_MAX_LENGTH } from '../../../common/limits.js';
import { type AuditContext, recordAudit } from '../../audit/record-audit.js';
import { invalidField } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { isSingleLineText } from '../text-rules.js';
import { insertApiToken } from './api-tokens.js';
import type { ApiTokenSummary } from './list-api-tokens.js';

export const TOKEN_NAME_MAX = API_TOKEN_NAME_MAX_LENGTH;
export const TOKEN_EXPIRY_MAX_DAYS = 3650;

/**
 * An admin's new named token for an account (the admin app, the REST API and the CLI). The secret is
 * in the answer once; only its hash is stored. A disabled account gets none: it could not use it.
 */
export async function issueApiToken(
  ctx: DomainContext,
  input: { userId: number; name: string; expiresInDays?: number },
  audit?: AuditContext,
): Promise<ApiTokenSummary & { token: string }> {
  const name = input.name.trim();
  if (!name || name.length > TOKEN_NAME_MAX || !isSingleLineText(name))
    throw invalidField('name', message('problems.token.name', { max: TOKEN_NAME_MAX }));
  const days = input.expiresInDays;
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= TOKEN_EXPIRY_MAX_DAYS)) {
    throw invalidField('expires_in_days', message('problems.token.days', { max: TOKEN_EXPIRY_MAX_DAYS }));
  }
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'disabled_at'])
    .where('id', '=', input.userId)
    .executeTakeFirst();
  if (!user) throw invalidField('user_id', message('problems.token.no_account', { id: String(input.userId) }));
  if (user.disabled_at) throw invalidField('user_id', message('problems.token.disabled'));
  const { token, row } = await ctx.db.transaction().execute(async (trx) => {
    const made = await insertApiToken(trx, user.id, name, { expiresInDays: days });
    await recordAudit(trx, audit, {
      action: 'api_token.created',
      targetType: 'api_token',
      targetId: made.row.id,
      targetLabel: name,
      details: { user: `${user.name} <${user.email}>`, expires: made.row.expires_at },
    });
    return made;
  });
  return {
    id: row.id,
    name: row.label,
    user: { id: user.id, email: user.email, name: user.name },
    created: row.created_at,
    last_used: row.last_used_at,
    expires: row.expires_at,
    token,
  };
}
