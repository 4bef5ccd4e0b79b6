import { randomBytes } from 'node:crypto';
import { message } from '../../../common/i18n/translator.js';
import { endOtherSessions } from '../../auth/end-sessions.js';
import { assertPasswordRule } from '../../auth/password-rule.js';
import { hashPassword } from '../../auth/passwords.js';
import type { UserRow } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { type DomainContext, now } from '../context.js';
import { createApiToken, hashToken } from './api-tokens.js';
import { findUserByEmail, insertUserOnce } from './resolve-user.js';

const PURPOSE = 'first_admin';
const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

async function hasAdmin(ctx: DomainContext): Promise<boolean> {
  return !!(await ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst());
}

/**
 * While the site has no administrator, makes a fresh one-time link and returns it; returns null once
 * an administrator exists. Links printed earlier stay valid until they expire: with several instances
 * each start prints one, and the operator may open any of them. The first one used makes the admin,
 * and from then on every link is refused (`hasAdmin`).
 */
export async function issueFirstAdminLink(ctx: DomainContext, homeUrl: string): Promise<string | null> {
  if (await hasAdmin(ctx)) return null;
  const token = randomBytes(32).toString('base64url');
  const time = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_tokens').where('purpose', '=', PURPOSE).where('expires_at', '<=', time.toISOString()).execute();
    await trx
      .insertInto('login_tokens')
      .values({
        user_id: null,
        purpose: PURPOSE,
        token_hash: hashToken(token),
        expires_at: new Date(time.getTime() + LIFETIME_MS).toISOString(),
        used_at: null,
        created_at: time.toISOString(),
      })
      .execute();
  });
  return `${homeUrl}/login/first-admin/?token=${token}`;
}

/** Whether a first-admin token can still be used. */
export async function isFirstAdminTokenValid(ctx: DomainContext, token: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('login_tokens')
    .select('id')
    .where('purpose', '=', PURPOSE)
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return !!row && !(await hasAdmin(ctx));
}

/**
 * Uses the one-time link: makes the given account the first administrator with the password chosen on
 * the claim, and returns a Bearer token for the management API. An existing account with that email
 * is promoted and its old password replaced, and its sessions end: whoever knew the old password or
 * held a session keeps nothing of it.
 */
export async function claimFirstAdmin(
  ctx: DomainContext,
  token: string,
  input: { email: string; name: string; password: string },
): Promise<{ user: UserRow; apiToken: string }> {
  assertPasswordRule(input.password);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    // Every open first-admin link is used up at once, not just this one: links claimed at the same
    // moment (several instances each printed one) queue on these rows' locks, taken in id order, and
    // the later claim finds none open any more, so there is exactly one first administrator. A wrong
    // token uses up nothing.
    const open = trx
      .selectFrom('login_tokens')
      .select(['id', 'token_hash'])
      .where('purpose', '=', PURPOSE)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now())
      .orderBy('id');
    const links = await ctx.storage.locks.forUpdate(open).execute();
    if (!links.some((link) => link.token_hash === hashToken(token)) || (await hasAdmin({ ...ctx, db: trx }))) {
      throw new AppError('FORBIDDEN', message('problems.people.first_admin_link'));
    }
    await trx
      .updateTable('login_tokens')
      .set({ used_at: now() })
      .where(
        'id',
        'in',
        links.map((link) => link.id),
      )
      .execute();
    const existing = await findUserByEmail(trx, input.email);
    const { id } = existing ?? (await insertUserOnce(trx, { email: input.email, name: input.name, role: 'admin' }));
    await endOtherSessions(trx, id);
    const user = await trx
      .updateTable('users')
      .set({ role: 'admin', password_hash: passwordHash, updated_at: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const apiToken = await createApiToken(trx, user.id, 'first administrator');
    return { user, apiToken };
  });
}
