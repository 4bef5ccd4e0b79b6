import { expect } from 'vitest';
import { createSession } from '../auth/sessions.js';
import type { UserRole } from '../db/tables.js';
import { createPost } from '../domain/content/create-post.js';
import type { Post } from '../domain/content/post-types.js';
import type { Actor } from '../domain/context.js';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { createRule as saveRule } from '../domain/rules/create-rule.js';
import type { Rule, RuleInput } from '../domain/rules/rule.js';
import { createSavedReply as saveReply } from '../domain/saved-replies/create-saved-reply.js';
import type { SavedReply } from '../domain/saved-replies/saved-reply.js';
import { createTag as saveTag } from '../domain/tickets/save-tag.js';
import type { Tag } from '../domain/tickets/ticket-tags.js';
import type { CreateTicketBody } from '../http/routes/tickets/tickets.schema.js';
import { ticketPayload } from './fixtures.js';
import { csrfIn, linkPath, type memoryMail, SiteClient } from './site-client.js';
import type { TestHelpdesk } from './test-helpdesk.js';

/**
 * Data builders for the test suites: each makes one thing with defaults that pass every rule, and takes
 * typed overrides for what a test is about. Each takes the suite's `TestHelpdesk` and works on both
 * databases. Counters keep names and addresses unique within a test process.
 */

export type Headers = Record<string, string>;
export type BearerHeader = { authorization: string };
/** What a signed-in browser sends the API: its cookies and the CSRF token. */
export type SessionHeaders = { cookie: string; 'x-csrf-token': string };

const API = '/api/helpdesk/v1';
let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

/** An account made by a factory, with a Bearer header to call the API as it. */
export interface TestUser {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  /** Set when the factory was given one (for sign-in tests). */
  password?: string;
  /** `{ authorization: 'Bearer …' }` for a new API token of this account. */
  headers: BearerHeader;
  actor: Actor;
}

export interface UserOverrides {
  email?: string;
  name?: string;
  /** Also gives the account this password (to sign in with it). */
  password?: string;
}

/** An account of `role`, through the domain's addUser, with an API token. */
export async function createUser(hd: TestHelpdesk, role: UserRole, overrides: UserOverrides = {}): Promise<TestUser> {
  const n = next();
  const email = overrides.email ?? `${role}-${n}-${process.pid}@${role === 'client' ? 'client' : 'staff'}.test`;
  const user = await addUser(hd.ctx, { email, name: overrides.name ?? `${role} ${n}`, role });
  if (overrides.password !== undefined) await setPasswordByEmail(hd.ctx, user.email, overrides.password);
  const headers = { authorization: `Bearer ${await createApiToken(hd.ctx.db, user.id, 'test')}` };
  return { id: user.id, email: user.email, name: user.name, role, password: overrides.password, headers, actor: { id: user.id, role } };
}

/** An agent, with a Bearer header. */
export const createAgent = (hd: TestHelpdesk, overrides: UserOverrides = {}) => createUser(hd, 'agent', overrides);
/** An admin, with a Bearer header. */
export const createAdmin = (hd: TestHelpdesk, overrides: UserOverrides = {}) => createUser(hd, 'admin', overrides);
/** A client account, with a Bearer header. */
export const createClient = (hd: TestHelpdesk, overrides: UserOverrides = {}) => createUser(hd, 'client', overrides);

/** The id of the account with that email (a ticket's client, made by the filing). */
export async function userIdByEmail(hd: TestHelpdesk, email: string): Promise<number> {
  return (await hd.ctx.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow()).id;
}

/** A Bearer header for the account with that email (a ticket's client, made by the filing). */
export async function bearerFor(hd: TestHelpdesk, email: string): Promise<BearerHeader> {
  return { authorization: `Bearer ${await createApiToken(hd.ctx.db, await userIdByEmail(hd, email), 'test')}` };
}

/** The CSRF cookie and header an anonymous caller of the API gets from `GET /me`, to sign in with. */
export async function anonymousCsrf(hd: TestHelpdesk): Promise<{ headers: SessionHeaders; cookie: string; token: string }> {
  const me = await hd.app.inject({ method: 'GET', url: `${API}/me` });
  const cookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
  const token = (me.json() as { csrf_token: string }).csrf_token;
  return { headers: { cookie: `hd_csrf=${cookie}`, 'x-csrf-token': token }, cookie, token };
}

/** Signs in to the admin app's API (`POST /session` with the CSRF header); the answer as it came. */
export async function signInToApi(hd: TestHelpdesk, email: string, password: string, remoteAddress?: string) {
  const { headers } = await anonymousCsrf(hd);
  return hd.app.inject({ method: 'POST', url: `${API}/session`, headers, payload: { email, password }, remoteAddress });
}

/** Signs in on the help site with the password form (more fields in `form`); the browser and the answer. */
export async function signInToSite(hd: TestHelpdesk, email: string, password: string, form: Record<string, string> = {}) {
  const browser = new SiteClient(hd.app, hd.config.basePath);
  const res = await browser.submit('/login/', '/login/', { email, password, ...form });
  return { browser, res };
}

/** Session cookie and CSRF header of a new session of that account, as a signed-in browser sends them. */
export async function sessionHeaders(hd: TestHelpdesk, userId: number): Promise<SessionHeaders> {
  const session = await createSession(hd.ctx.db, userId);
  const me = await hd.app.inject({ method: 'GET', url: `${API}/me`, headers: { cookie: `hd_session=${session}` } });
  const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
  return { cookie: `hd_session=${session}; hd_csrf=${csrfCookie}`, 'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token };
}

/** A help-site browser already signed in as that account (its session cookie set). */
export async function signedInBrowser(hd: TestHelpdesk, userId: number): Promise<SiteClient> {
  const browser = new SiteClient(hd.app, hd.config.basePath);
  browser.cookies.set('hd_session', await createSession(hd.ctx.db, userId));
  return browser;
}

/** What `POST /tickets/` takes; any field may be overridden (or left out with `undefined`). */
export type TicketOverrides = Partial<CreateTicketBody>;

export interface TestTicket {
  id: number;
  /** The number people read. */
  number: number;
  /** The client's email, as filed. */
  email: string;
  status: string;
}

/**
 * Files a ticket through `POST /tickets/` as the widget does (anonymous unless `as` is given), from a new
 * client email unless `email` is overridden; fails the test unless it is created.
 */
export async function createTicket(hd: TestHelpdesk, overrides: TicketOverrides = {}, as: Headers = {}): Promise<TestTicket> {
  const payload = ticketPayload(overrides);
  const res = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, headers: as, payload });
  expect(res.statusCode, res.body).toBe(201);
  const { id, number, status } = res.json() as { id: number; number: number; status: string };
  return { id, number, status, email: String(payload.email) };
}

/** Files a ticket as createTicket does, then reads the sign-in link of its confirmation from the queued `mail`. */
export async function createTicketWithLink(
  hd: TestHelpdesk,
  mail: ReturnType<typeof memoryMail>,
  overrides: TicketOverrides = {},
  as: Headers = {},
): Promise<TestTicket & { link: string }> {
  const ticket = await createTicket(hd, overrides, as);
  await mail.drain();
  const confirmation = mail.sent.filter((m) => m.to === ticket.email.toLowerCase()).at(-1);
  if (!confirmation) throw new Error(`No confirmation mail to ${ticket.email}`);
  return { ...ticket, link: linkPath(confirmation, hd.config.homeUrl) };
}

/** Signs in on the help site with a mailed ticket link: opens it, then posts its form; the browser and the answer. */
export async function signInWithLink(hd: TestHelpdesk, link: string) {
  const browser = new SiteClient(hd.app, hd.config.basePath);
  let page = await browser.get(link);
  // An invalid link's page has no form; any page's token will do for this browser.
  if (!page.body.includes('_csrf')) page = await browser.get('/login/');
  const res = await browser.post('/login/ticket/', {
    _csrf: csrfIn(page.body),
    token: new URL(link, 'http://x').searchParams.get('token') as string,
  });
  return { browser, res };
}

export interface CommentOptions {
  /** An internal note (staff only). */
  internal?: boolean;
  /** A status slug to set with the reply ("Send and set"). */
  status?: string;
  /** The ticket version the writer saw. */
  version?: number;
}

/**
 * Adds a reply (or, with `internal`, a note) to a ticket through `POST /tickets/{id}/comments` as the
 * holder of `headers`; fails the test unless it is added. Returns the comment's id and where the ticket moved.
 */
export async function replyAs(
  hd: TestHelpdesk,
  headers: Headers,
  ticketId: number,
  text = 'Thanks, we are looking into it.',
  options: CommentOptions = {},
): Promise<{ id: number; moved_to: string | null }> {
  const res = await hd.app.inject({ method: 'POST', url: `${API}/tickets/${ticketId}/comments`, headers, payload: { text, ...options } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; moved_to: string | null };
}

/** An internal note on a ticket, as the staff member holding `headers`. */
export const addNoteAs = (hd: TestHelpdesk, headers: Headers, ticketId: number, text = 'An internal note.') =>
  replyAs(hd, headers, ticketId, text, { internal: true });

export interface PostOverrides {
  title?: string;
  content?: string;
  slug?: string;
  status?: 'publish' | 'draft';
  /** A product's id: the doc belongs to it. */
  product?: number;
  authorId?: number | null;
  /** The language the doc is written in (`de`); none: the site's. */
  language?: string;
}

async function createContent(hd: TestHelpdesk, type: 'doc' | 'product', overrides: PostOverrides): Promise<Post> {
  const { authorId = null, title = `A ${type} ${next()}`, ...input } = overrides;
  return createPost(hd.ctx, type, { content: type === 'doc' ? 'How to do it, step by step.' : '', ...input, title }, authorId);
}

/** A published doc (through the domain's createPost). */
export const createDoc = (hd: TestHelpdesk, overrides: PostOverrides = {}) => createContent(hd, 'doc', overrides);
/** A published product (through the domain's createPost). */
export const createProduct = (hd: TestHelpdesk, overrides: Omit<PostOverrides, 'product'> = {}) => createContent(hd, 'product', overrides);

/** A ticket tag (through the domain's createTag); a unique name unless given. */
export async function createTag(
  hd: TestHelpdesk,
  overrides: { name?: string; color?: string } = {},
  actor: Actor | null = null,
): Promise<Tag> {
  return saveTag(hd.ctx, { name: overrides.name ?? `tag ${next()}`, color: overrides.color }, actor);
}

/** A saved reply of `owner` (shared with the team when `shared`, which needs an admin). */
export async function createSavedReply(
  hd: TestHelpdesk,
  owner: Pick<TestUser, 'actor'>,
  overrides: { title?: string; text?: string; shared?: boolean } = {},
): Promise<SavedReply> {
  const n = next();
  return saveReply(
    hd.ctx,
    { title: overrides.title ?? `Saved reply ${n}`, text: overrides.text ?? 'Hi ##client_name##,', ...overrides },
    owner.actor,
  );
}

/** A rule, enabled, run on ticket changes with no condition, last in the order; give it what the test is about. */
export async function createRule(hd: TestHelpdesk, overrides: Partial<RuleInput> = {}): Promise<Rule> {
  return saveRule(
    hd.ctx.db,
    {
      name: `Rule ${next()}`,
      enabled: true,
      trigger: 'ticket.updated',
      match: 'all',
      conditions: [],
      actions: [],
      wait: null,
      ...overrides,
    },
    hd.ctx.now(),
  );
}
