import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database, UserRow } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { DomainContext } from '../context.js';
import { findUserByEmail, insertUserOnce } from './resolve-user.js';

/**
 * Whether public code paths may create accounts: "Anyone can register" or Tickets → Submission →
 * "Create accounts for new clients", passed through `helpdesk_can_register_users` (spec §5.3, §5.5).
 * Only this module asks; every public path that may make a client account comes through here.
 */
export async function canRegisterUsers(ctx: DomainContext): Promise<boolean> {
  // The settings are cached; the site options are read only when the setting does not already allow it.
  const allowed = (await getCoreSettings(ctx)).tickets.create_accounts || (await getSiteOptions(ctx.db)).users_can_register;
  return (await ctx.hooks.applyFilters('helpdesk_can_register_users', allowed)) === true;
}

/**
 * canRegisterUsers when the answer needs no database read: the cached settings already allow accounts
 * (the filter still decides). Undefined otherwise. The filing on PostgreSQL asks it before its one
 * statement, so that a new client's ticket and account are that statement too.
 */
export async function canRegisterUsersWithoutReads(ctx: DomainContext): Promise<boolean | undefined> {
  if (!(await getCoreSettings(ctx)).tickets.create_accounts) return undefined;
  return (await ctx.hooks.applyFilters('helpdesk_can_register_users', true)) === true;
}

/**
 * A client's account as filing, login and sign-up see it: the existing one, one that may be created
 * (`create` stores it, in the caller's transaction when one is given), or none because no account may
 * be created. A lookup that writes nothing, so the gate is read outside any write transaction.
 */
export type ClientLookup =
  | { kind: 'existing'; user: UserRow }
  | { kind: 'creatable'; create: (db?: Kysely<Database>) => Promise<UserRow> }
  | { kind: 'closed' };

/** A client as the channels know them; `language` (a BCP 47 tag: the browser's, the page's) is kept on a new account only. */
export interface ClientInput {
  email: string;
  name: string;
  language?: string | null;
}

export async function lookUpClient(ctx: DomainContext, input: ClientInput): Promise<ClientLookup> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (user) return { kind: 'existing', user };
  // Only the unknown-email path pays for the settings read behind the registration gate.
  if (!(await canRegisterUsers(ctx))) return { kind: 'closed' };
  return { kind: 'creatable', create: (db = ctx.db) => insertUserOnce(db, { ...input, role: 'client' }) };
}

/**
 * The user lookup (the spec's `helpdesk_get_user()`): the account for `email`, created as a client
 * when account creation is allowed; undefined when it is not.
 */
export async function findOrCreateClient(ctx: DomainContext, input: ClientInput): Promise<UserRow | undefined> {
  const found = await lookUpClient(ctx, input);
  if (found.kind === 'existing') return found.user;
  return found.kind === 'creatable' ? found.create() : undefined;
}

/** findOrCreateClient for paths that cannot go on without the account: refuses with REGISTRATION_CLOSED. */
export async function resolveUser(ctx: DomainContext, input: ClientInput): Promise<UserRow> {
  const user = await findOrCreateClient(ctx, input);
  if (!user) throw registrationClosed();
  return user;
}

/** The plain-words 403 when a ticket needs an account and none may be created. */
export function registrationClosed(): AppError {
  return new AppError('REGISTRATION_CLOSED', message('problems.people.registration_closed'));
}
