// The REST API as the admin app uses it: the session cookie plus the X-CSRF-Token header on writes.
import { setSiteTimeZone } from '../shared/time-text.js';

export const apiRoot = new URL('../api/helpdesk/v1', document.baseURI).pathname;
export const siteRoot = new URL('..', document.baseURI).pathname;
/** The core site options' namespace (`/api/site/v1`). */
export const siteApiRoot = new URL('../api/site/v1', document.baseURI).pathname;
export const homeUrl = new URL('..', document.baseURI).href.replace(/\/$/, '');

let csrf = '';

export interface Problem {
  status: number;
  title: string;
  detail: string;
  code: string;
  errors?: Array<{ field: string; detail: string }>;
  /** TICKET_CHANGED: the ticket's version now, and what changed since the version sent. */
  current_version?: number;
  changes?: TicketEvent[];
  /** 413/415 on a message with files: the refused file's position among them (from 0) and its name. */
  attachment?: { index: number; name: string };
}

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
      xhr.addEventListener(failure, () => reject(new TypeError('The files could not be sent. Check your connection and try again.')));
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

/** The site's name, colour and logo, for the admin bar. */
export interface SiteBrand {
  name: string;
  brand_color: string;
  logo_url: string | null;
}

export interface Me {
  user: { id: number; name: string; email: string; role: 'client' | 'agent' | 'admin' } | null;
  csrf_token: string;
  site?: SiteBrand;
  /** The site's time zone: every time on these screens is shown in it (site-time.tsx). */
  time_zone: string;
}

export async function loadMe(): Promise<Me> {
  const me = await api<Me>('GET', '/me');
  csrf = me.csrf_token;
  setSiteTimeZone(me.time_zone);
  return me;
}

export async function signIn(email: string, password: string): Promise<Me> {
  const me = await api<Me>('POST', '/session', { email, password });
  csrf = me.csrf_token;
  setSiteTimeZone(me.time_zone);
  return me;
}

export async function signOut(): Promise<void> {
  await api('DELETE', '/session');
}

export interface TermRef {
  slug: string;
  name: string;
}
export interface InboxTicket {
  id: number;
  /** The ticket number people read (#1, #2, …); `id` is the key of routes. */
  number: number | null;
  title: string;
  status: TermRef | null;
  reason: TermRef | null;
  urgency: TermRef | null;
  product: number | null;
  client: { id: number; name: string; email: string } | null;
  assignee: { id: number; name: string } | null;
  created: string;
  modified: string;
  tags: Tag[];
  /** Changed by someone else since you last opened it. */
  unread: boolean;
  /** A search's results only: the text around its words in a message or the description, in plain-text parts. */
  snippet?: Array<{ text: string; match: boolean }> | null;
}
/** A free label with a colour (white text is written on it). */
export interface Tag {
  id: number;
  name: string;
  slug: string;
  color: string;
}
export interface InboxPage {
  tickets: InboxTicket[];
  total: number;
  page: number;
  per_page: number;
  counts: Record<string, number>;
}
/** Tickets in each team view (GET /tickets/views), and your unread ones among yours. */
export interface ViewCounts {
  mine: number;
  unassigned: number;
  needs_reply: number;
  unread: number;
}
/** A file sent with the description or a comment. */
export interface Attachment {
  id: string;
  name: string;
  size: number;
  type: string;
  url: string;
  /** Raster images: a small copy for the thread; null for other files. */
  thumbnail_url: string | null;
  /** Why the file is gone, in words, when the purge of closed tickets' files removed it. */
  removed: string | null;
}
export interface Comment {
  id: number;
  role: 'client' | 'agent' | 'bot';
  author: string;
  text: string;
  internal: boolean;
  created: string;
  attachments: Attachment[];
}
/** One change to a ticket, from its activity log. */
export interface TicketEvent {
  version: number;
  /** `rating`: the client answered "Did this solve it?" (`to` is yes or no). */
  kind: 'reply' | 'note' | 'field' | 'rating';
  field: string | null;
  from: string | null;
  to: string | null;
  comment: number | null;
  automatic: boolean;
  by: { id: number; name: string } | null;
  created: string;
}
export interface TicketDetail extends InboxTicket {
  description: string;
  attachments: Attachment[];
  meta: Record<string, string>;
  /** For each key of `meta`, the label the owner gives its field in Tickets → Form fields now. */
  meta_labels?: Record<string, string>;
  comments: Comment[];
  other_tickets: InboxTicket[];
  /** Sent back with every reply and change, so a colleague's change is never silently overwritten. */
  version: number;
  events: TicketEvent[];
  /** The client's answers to "Did this solve it?", oldest first. */
  ratings?: Array<{ rating: 'yes' | 'no'; comment: string; created: string }>;
}
export interface Option {
  id: number;
  name: string;
  slug: string;
  order?: number;
  /** Statuses: what the client reads instead of the name. */
  client_label?: string | null;
}
export interface StaffUser {
  id: number;
  name: string;
  email: string;
  role: 'client' | 'agent' | 'admin';
  /** Set when an admin disabled the account. */
  disabled_at?: string | null;
  /** When the latest invitation was sent, while the person has not chosen a password yet. */
  invitation_sent_at?: string | null;
}

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
