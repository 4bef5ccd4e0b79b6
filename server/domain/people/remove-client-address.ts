import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { findClient } from './find-client.js';
import { normalizeEmail } from './resolve-user.js';

/** Removes one of a client's other addresses; their primary email (the account's) is not removable here. */
export async function removeClientAddress(ctx: DomainContext, userId: number, input: string): Promise<void> {
  await findClient(ctx.db, userId);
  const address = normalizeEmail(input);
  const removed = await ctx.db
    .deleteFrom('client_addresses')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) {
    throw new AppError('NOT_FOUND', message('problems.contacts.no_address', { email: address }));
  }
}
