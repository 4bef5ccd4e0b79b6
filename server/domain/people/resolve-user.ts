import type { Kysely } from 'kysely';
import { languageOf } from '../../../common/i18n/languages.js';
import type { Database, UserRole, UserRow } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import { queueClientCreated } from '../../webhooks/queue-webhook-event.js';
import { now } from '../context.js';
import { isSingleLineText, SINGLE_LINE_RULE } from '../text-rules.js';
import { EMAIL_RULE, isEmailAddress } from './email-address.js';

/** Emails are matched without surrounding spaces and case, so "Ann@X.org " and "ann@x.org" are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The domain of an address, lower-cased (what an organisation's domains are matched against). */
export function domainOfEmail(email: string): string {
  const address = normalizeEmail(email);
  return address.slice(address.lastIndexOf('@') + 1);
}

/**
 * The account an address belongs to: its own email, else one of a client's other addresses. The second read
 * is paid only by an address no account has as its email.
 */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  const address = normalizeEmail(email);
  const user = await db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirst();
  if (user) return user;
  return db
    .selectFrom('client_addresses as a')
    .innerJoin('users', 'users.id', 'a.user_id')
    .selectAll('users')
    .where('a.address', '=', address)
    .executeTakeFirst();
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
export async function insertUserOnce(
  db: Kysely<Database>,
  user: { email: string; name: string; role: UserRole; language?: string | null },
): Promise<UserRow> {
  assertValidAccount(user);
  const email = normalizeEmail(user.email);
  const time = now();
  const inserted = await db
    .insertInto('users')
    .values({
      email,
      name: user.name.trim(),
      role: user.role,
      password_hash: null,
      created_at: time,
      updated_at: time,
      // Only a shipped language is kept: the browser's `de-AT` is stored as `de`, an unknown one as none.
      language: languageOf(user.language),
      // A new client joins the organisation that lists their mail domain, if one does.
      organisation_id:
        user.role === 'client'
          ? db.selectFrom('organisation_domains').select('organisation_id').where('domain', '=', domainOfEmail(email))
          : null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  // Through the caller's transaction where it gives one (a filing's), so the event is sent only if the account stays.
  if (inserted.role === 'client') await queueClientCreated(db, inserted.id);
  return inserted;
}
