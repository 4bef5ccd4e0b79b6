import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { recordAudit } from '../../audit/record-audit.js';
import { createSession, deleteSession, findSessionUser, SESSION_LIFETIME_MS } from '../../auth/sessions.js';
import type { Config } from '../../config/config-types.js';
import type { Database, UserRow } from '../../db/tables.js';
import { assertAccountEnabled } from '../../domain/people/account-disabled.js';
import { AppError } from '../../errors.js';
import type { LiveBus } from '../../live/live-bus.js';
import { requestPath } from '../request-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The help site's signed-in user (session cookie), or null. */
    siteUser: UserRow | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    helpdeskSession: { db: Kysely<Database>; config: Config; live?: LiveBus; key?: Buffer };
  }
}

export const SESSION_COOKIE = 'hd_session';
export const CSRF_COOKIE = 'hd_csrf';
export const CSRF_FIELD = '_csrf';
const CSRF_KEY_OPTION = 'csrf_key';

interface SessionState {
  db: Kysely<Database>;
  config: Config;
  /** Told when a session ends, so the event streams opened with it end too (on every instance). */
  live?: LiveBus;
  key?: Buffer;
}
// The CSRF cookie value set during this request, before the browser has sent it back.
const newCsrfValues = new WeakMap<FastifyRequest, string>();

function cookieOptions(config: Config, maxAgeMs?: number) {
  return {
    path: `${config.basePath}/`,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.homeUrl.startsWith('https:'),
    ...(maxAgeMs !== undefined && { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

// One key for every instance: generated once and kept in the options table.
async function csrfKey(state: SessionState): Promise<Buffer> {
  if (state.key) return state.key;
  await state.db
    .insertInto('options')
    .values({ name: CSRF_KEY_OPTION, value: JSON.stringify(randomBytes(32).toString('base64url')) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await state.db.selectFrom('options').select('value').where('name', '=', CSRF_KEY_OPTION).executeTakeFirstOrThrow();
  state.key = Buffer.from(JSON.parse(row.value) as string, 'base64url');
  return state.key;
}

function stateOf(request: FastifyRequest): SessionState {
  return request.server.helpdeskSession;
}

/**
 * Help-site sessions (rows in `sessions`, so instances share them) and CSRF tokens. Cookies are
 * HttpOnly, SameSite=Lax, Secure when the home URL is https, scoped to the help site's path.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<Database>; config: Config; live?: LiveBus }) => {
    const state: SessionState = { db: options.db, config: options.config, live: options.live };
    app.decorate('helpdeskSession', state);
    await app.register(cookie);
    app.decorateRequest('siteUser', null);
    app.decorateRequest('sessionToken', null);
    // The API has its own session handling; static files need no user: neither pays for a lookup.
    const skipped = [`${options.config.basePath}/api/`, `${options.config.basePath}/content/`];
    const findUser = async (request: FastifyRequest, token: string) => {
      const user = await findSessionUser(options.db, token);
      if (user) {
        request.siteUser = user;
        request.sessionToken = token;
      }
    };
    // Callback style: requests without the cookie (the widget, the API) pass without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = request.cookies[SESSION_COOKIE];
      // The decoded path: `/%61pi/…` is the API, which never takes the help site's cookie without CSRF.
      if (!token || skipped.some((prefix) => requestPath(request.url).startsWith(prefix))) return done();
      findUser(request, token).then(() => done(), done);
    });
  },
  { name: 'helpdesk-session' },
);

/** The CSRF token for this browser's forms (double-submit cookie signed with the site's key). */
export async function csrfToken(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const state = stateOf(request);
  let value = newCsrfValues.get(request) ?? request.cookies[CSRF_COOKIE];
  if (!value || !/^[\w-]{43}$/.test(value)) {
    value = randomBytes(32).toString('base64url');
    newCsrfValues.set(request, value);
    reply.setCookie(CSRF_COOKIE, value, cookieOptions(state.config));
  }
  return createHmac('sha256', await csrfKey(state))
    .update(value)
    .digest('base64url');
}

/** Refuses a form post whose CSRF field does not match this browser's cookie. */
export async function assertCsrf(request: FastifyRequest): Promise<void> {
  const sent = (request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
  if (!(await isValidCsrf(request, sent))) {
    throw new AppError('FORBIDDEN', message('problems.http.form_expired'));
  }
}

/** Whether `sent` (a form field or the admin app's X-CSRF-Token header) matches this browser's cookie. */
export async function isValidCsrf(request: FastifyRequest, sent: unknown): Promise<boolean> {
  const state = stateOf(request);
  const value = request.cookies[CSRF_COOKIE];
  const expected = value
    ? createHmac('sha256', await csrfKey(state))
        .update(value)
        .digest()
    : undefined;
  const given = typeof sent === 'string' ? Buffer.from(sent, 'base64url') : undefined;
  return Boolean(expected && given && given.length === expected.length && timingSafeEqual(given, expected));
}

/**
 * How a person signed in, as the audit log records it: a password, a mailed sign-in link, a password link (reset,
 * welcome, confirm), the first admin.
 */
export type SignInMethod = 'password' | 'link' | 'password_link' | 'first_admin';

/**
 * Signs the user in with a new session (the old one, if any, is ended: rotation at sign-in), and records
 * the sign-in in the audit log with the way it was made and the client's address.
 */
export async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow, method: SignInMethod): Promise<void> {
  // Every sign-in path ends here: the last guard, should a path forget its own check.
  assertAccountEnabled(user);
  const state = stateOf(request);
  if (request.sessionToken) await endSession(state, request);
  const token = await createSession(state.db, user.id);
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(state.config, SESSION_LIFETIME_MS));
  // A new CSRF secret too, so a value planted before sign-in is worthless after it.
  const csrf = randomBytes(32).toString('base64url');
  newCsrfValues.set(request, csrf);
  reply.setCookie(CSRF_COOKIE, csrf, cookieOptions(state.config));
  request.siteUser = user;
  request.sessionToken = token;
  await recordAudit(
    state.db,
    { actorId: user.id, address: request.ip },
    {
      action: 'auth.sign_in',
      targetType: 'user',
      targetId: user.id,
      targetLabel: `${user.name} <${user.email}>`,
      details: { method },
    },
  );
}

/** Ends the request's session; the event streams opened with it ask again whether they may go on. */
async function endSession(state: SessionState, request: FastifyRequest): Promise<void> {
  await deleteSession(state.db, request.sessionToken ?? '');
  if (request.siteUser) state.live?.publish({ kind: 'access.revoked', userId: request.siteUser.id });
}

export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const state = stateOf(request);
  if (request.sessionToken) await endSession(state, request);
  reply.clearCookie(SESSION_COOKIE, cookieOptions(state.config));
  request.siteUser = null;
  request.sessionToken = null;
}
