import type { Kysely } from 'kysely';
import type { Database, UserRole, UserRow } from '../db/tables.js';
import { AppError, invalidField } from '../errors.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import { type DomainContext, now } from './context.js';
import { EMAIL_RULE, isEmailAddress } from './email-address.js';
import { isSingleLineText, SINGLE_LINE_RULE } from './text-rules.js';

/** Emails are matched without surrounding spaces and case, so "Ann@X.org " and "ann@x.org" are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/**
 * Whether public code paths may create accounts: "Anyone can register" or Tickets → Submission →
 * "Create accounts for new clients", passed through `helpdesk_can_register_users` (spec §5.3, §5.5).
 */
export async function canRegisterUsers(ctx: DomainContext): Promise<boolean> {
  // The settings are cached; the site options are read only when the setting does not already allow it.
  const allowed = (await getCoreSettings(ctx)).tickets.create_accounts || (await getSiteOptions(ctx.db)).users_can_register;
  return (await ctx.hooks.applyFilters('helpdesk_can_register_users', allowed)) === true;
}

/**
 * The last check before an account is stored, whatever the path (widget, help site, CLI, API): the
 * address follows the one email rule and the name is one line. Routes check first for a nicer
 * answer; this keeps a path that forgot from storing an address a mail could be injected through.
 */
export function assertValidAccount(user: { email: string; name: string }): void {
  if (!isEmailAddress(normalizeEmail(user.email))) throw invalidField('email', EMAIL_RULE);
  if (!isSingleLineText(user.name)) throw invalidField('name', SINGLE_LINE_RULE);
}

/**
 * Inserts the account unless one with that email exists, then returns the stored one. ON CONFLICT makes
 * concurrent first submissions from one email end with exactly one account.
 */
export async function insertUserOnce(db: Kysely<Database>, user: { email: string; name: string; role: UserRole }): Promise<UserRow> {
  assertValidAccount(user);
  const email = normalizeEmail(user.email);
  const time = now();
  const inserted = await db
    .insertInto('users')
    .values({ email, name: user.name.trim(), role: user.role, password_hash: null, created_at: time, updated_at: time })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

/**
 * The user lookup (the spec's `helpdesk_get_user()`): the account for `email`, created as a client only
 * when account creation is allowed. Refuses with REGISTRATION_CLOSED otherwise.
 */
export async function resolveUser(ctx: DomainContext, input: { email: string; name: string }): Promise<UserRow> {
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) return existing;
  await assertCanRegister(ctx);
  return insertUserOnce(ctx.db, { email: input.email, name: input.name, role: 'client' });
}

/** Throws the plain-words 403 when no account may be created. */
export async function assertCanRegister(ctx: DomainContext): Promise<void> {
  if (!(await canRegisterUsers(ctx))) {
    throw new AppError(
      'REGISTRATION_CLOSED',
      'This help desk only accepts tickets from people who already have an account. ' + 'Use the email address of your existing account, or ask the site owner to create one for you.',
    );
  }
}
