// The REST API as the admin app uses it: the session cookie plus the X-CSRF-Token header on writes.

import type { RequestOf, ResponseOf, Schema } from '../../../common/contract/api-types.js';
import { translator } from '../i18n/i18n.js';

export type { RequestOf, ResponseOf } from '../../../common/contract/api-types.js';

export const apiRoot = new URL('../api/helpdesk/v1', document.baseURI).pathname;
export const siteRoot = new URL('..', document.baseURI).pathname;
/** The core site options' namespace (`/api/site/v1`). */
export const siteApiRoot = new URL('../api/site/v1', document.baseURI).pathname;
export const homeUrl = new URL('..', document.baseURI).href.replace(/\/$/, '');

let csrf = '';

/**
 * An RFC 9457 problem as the admin reads it: the contract's Problem with its `type` left out, since a failure without a
 * problem body (a proxy's 502) gets one made up here.
 */
export type Problem = Omit<Schema<'Problem'>, 'type'>;

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail || problem.title);
  }
}

/** Calls the API; throws ApiError with the RFC 9457 problem on failure. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  root: string = apiRoot,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  // A file goes as its own bytes with its own type; anything else as JSON.
  const file = body instanceof Blob;
  if (body !== undefined) headers['content-type'] = file ? body.type || 'application/octet-stream' : 'application/json';
  const res = await fetch(root + path, {
    method,
    headers,
    body: body === undefined ? undefined : file ? body : JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-cache',
    signal,
  });
  return answerOf<T>(res);
}

/**
 * Posts a form with files (`multipart/form-data`; the browser writes the boundary); errors as api(). Sent
 * with XMLHttpRequest, the one browser API that reports upload progress: `onProgress` gets 0…1.
 */
export function apiForm<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiRoot + path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      // The same reading as fetch's answers: a Response over what came back.
      const body = xhr.status === 204 ? null : xhr.responseText;
      answerOf<T>(new Response(body, { status: xhr.status, statusText: xhr.statusText })).then(resolve, reject);
    });
    for (const failure of ['error', 'abort', 'timeout'] as const) {
      xhr.addEventListener(failure, () => reject(new TypeError(translator().t('admin.problem.filesNotSent'))));
    }
    xhr.send(form);
  });
}

async function answerOf<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => ({}));
  if (!res.ok)
    throw new ApiError({
      status: res.status,
      title: data.title ?? res.statusText,
      detail: data.detail ?? '',
      code: data.code ?? 'ERROR',
      errors: data.errors,
      current_version: data.current_version,
      changes: data.changes,
      attachment: data.attachment,
    });
  return data as T;
}

/** A write that must go out while the page is leaving (presence "left"): the browser finishes it after unload. */
export function sendOnLeave(path: string, body: unknown): void {
  void fetch(apiRoot + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {});
}

export type Me = ResponseOf<'getMe'>;
/** The site's name, colour and logo, for the admin bar. */
export type SiteBrand = NonNullable<Me['site']>;

export async function loadMe(): Promise<Me> {
  const me = await api<Me>('GET', '/me');
  csrf = me.csrf_token;
  return me;
}

export async function signIn(email: string, password: string): Promise<Me> {
  const me = await api<Me>('POST', '/session', { email, password });
  csrf = me.csrf_token;
  return me;
}

/** The signed-in person's own language and zone (null: the site's), as the profile saves them. */
export const saveOwnPreferences = (change: RequestOf<'updateOwnProfile'>) =>
  api<ResponseOf<'updateOwnProfile'>>('PATCH', '/users/me', change);

export async function signOut(): Promise<void> {
  await api('DELETE', '/session');
}

export type InboxPage = ResponseOf<'listTickets'>;
export type InboxTicket = InboxPage['tickets'][number];
export type TermRef = NonNullable<InboxTicket['status']>;
/** A free label with a colour (white text is written on it). */
export type Tag = InboxTicket['tags'][number];
/** Tickets in each team view (GET /tickets/views), and your unread ones among yours. */
export type ViewCounts = ResponseOf<'countInboxViews'>;
/** One ticket as staff read it: the version and the activity log, optional in the contract (clients have neither), are there. */
export type TicketDetail = ResponseOf<'getTicket'> & Required<Pick<ResponseOf<'getTicket'>, 'version' | 'events'>>;
/** A file sent with the description or a comment. */
export type Attachment = TicketDetail['attachments'][number];
export type Comment = TicketDetail['comments'][number];
/** One change to a ticket, from its activity log. */
export type TicketEvent = Schema<'TicketEvent'>;
/** A status, reason, urgency or product, as their lists give them. */
export type Option = ResponseOf<'listStatuses'>[number];
export type StaffUser = ResponseOf<'listUsers'>[number];

/** The lists every ticket screen needs, loaded once per sign-in. */
export interface Lookups {
  statuses: Option[];
  reasons: Option[];
  urgencies: Option[];
  products: Option[];
  staff: StaffUser[];
}

export async function loadLookups(): Promise<Lookups> {
  const [statuses, reasons, urgencies, products, staff] = await Promise.all([
    api<Option[]>('GET', '/statuses/'),
    api<Option[]>('GET', '/tickets/reasons/'),
    api<Option[]>('GET', '/tickets/urgencies/'),
    api<Option[]>('GET', '/tickets/products/'),
    api<StaffUser[]>('GET', '/users/'),
  ]);
  return { statuses, reasons, urgencies, products, staff };
}
