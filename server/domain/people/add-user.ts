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
    throw new AppError('CONFLICT', `An account with the email ${input.email.trim().toLowerCase()} already exists.`);
  }
  return insertUserOnce(ctx.db, input);
}
