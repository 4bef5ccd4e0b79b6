import { message } from '../../../common/i18n/translator.js';
import type { UserRole, UserRow } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { findUserByEmail, insertUserOnce } from './resolve-user.js';

/**
 * Creates an account on an admin's behalf (CLI, management API). Not a public path, so the
 * registration gate does not apply; an existing email is a conflict, never a silent role change.
 */
export async function addUser(ctx: DomainContext, input: { email: string; name: string; role: UserRole }): Promise<UserRow> {
  if (await findUserByEmail(ctx.db, input.email)) {
    throw new AppError('CONFLICT', message('problems.people.email_taken', { email: input.email.trim().toLowerCase() }));
  }
  return insertUserOnce(ctx.db, input);
}
