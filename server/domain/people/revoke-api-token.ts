import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';

/**
 * Revokes a token by deleting its row: the Bearer lookup reads the table on every request, so every
 * instance refuses the token from the next request on, and its open event streams, told on every
 * instance, end before they send anything more.
 */
export async function revokeApiToken(ctx: DomainContext, id: number): Promise<void> {
  const revoked = await ctx.db.deleteFrom('api_tokens').where('id', '=', id).returning('user_id').executeTakeFirst();
  if (!revoked) throw new AppError('NOT_FOUND', `There is no API token with id ${id}; it may have been revoked already.`);
  ctx.live.publish({ kind: 'access.revoked', userId: revoked.user_id });
}
