import { AppError } from '../errors.js';
import type { DomainContext } from './context.js';

/**
 * Revokes a token by deleting its row: the Bearer lookup reads the table on every request, so every
 * instance refuses the token from the next request on.
 */
export async function revokeApiToken(ctx: DomainContext, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new AppError('NOT_FOUND', `There is no API token with id ${id}; it may have been revoked already.`);
}
