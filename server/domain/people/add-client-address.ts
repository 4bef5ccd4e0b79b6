import { message } from '../../../common/i18n/translator.js';
import { isUniqueViolation } from '../../db/is-unique-violation.js';
import { invalidField } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { now } from '../context.js';
import { EMAIL_RULE, isEmailAddress } from './email-address.js';
import { findClient } from './find-client.js';
import { findUserByEmail, normalizeEmail } from './resolve-user.js';

/**
 * Gives a client another address: mail and the widget from it then find this client. An address that is
 * any account's email or another client's address is refused with a field problem, so no address ever
 * speaks for two people.
 */
export async function addClientAddress(ctx: DomainContext, userId: number, input: string): Promise<string> {
  const address = normalizeEmail(input);
  if (!isEmailAddress(address)) throw invalidField('address', EMAIL_RULE);
  await findClient(ctx.db, userId);
  const owner = await findUserByEmail(ctx.db, address);
  if (owner) {
    if (owner.id === userId) return address;
    throw invalidField('address', message('problems.contacts.address_taken', { email: address }));
  }
  try {
    await ctx.db.insertInto('client_addresses').values({ user_id: userId, address, created_at: now() }).execute();
  } catch (error) {
    // Another request added it between the check and the insert.
    if (isUniqueViolation(error)) throw invalidField('address', message('problems.contacts.address_taken', { email: address }));
    throw error;
  }
  return address;
}
