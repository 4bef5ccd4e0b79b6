/** The three optional choice lists of the form (spec §4.4). */
export type ChoiceKind = 'products' | 'reasons' | 'urgencies';
export interface Choice {
  id: number;
  name: string;
  slug: string;
}
export interface FieldError {
  field: string;
  detail: string;
}
export type SubmitResult =
  /** `number` is the ticket number people read (#1, #2, …). */
  | { kind: 'filed'; number: number }
  | { kind: 'received' }
  | { kind: 'invalid'; errors: FieldError[]; detail: string | undefined }
  | { kind: 'closed' }
  | { kind: 'limited'; retryAfterSeconds: number | undefined }
  /** `detail`: the attachment code's sentence (its own, or the server's refusal naming a file); other refusals in the widget's words. */
  | { kind: 'rejected'; detail?: string }
  /** The owner switched new tickets off (Tickets → Intake protection). */
  | { kind: 'offline' }
  | { kind: 'unreachable' };

const TICKETS = '/api/helpdesk/v1/tickets/';
/** How long a submission may take before the user is offered a retry. */
export const SUBMIT_TIMEOUT_MS = 15_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const isChoice = (v: unknown): v is Choice =>
  isObject(v) && typeof v.id === 'number' && typeof v.name === 'string' && typeof v.slug === 'string';

/** One field of the owner's form (GET /tickets/form/); `name` is the parameter it is posted under. */
export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'select' | 'checkbox';
  required: boolean;
  builtin: boolean;
  max?: number;
  choices?: Array<{ value: string; label: string }>;
}
export interface FormDefinition {
  site: { name: string; brand_color: string };
  /** The language the texts are in (the one asked for, else the site's) and its direction. */
  lang?: string;
  dir?: string;
  /** The widget's messages in that language (the owner's wording from Settings included), keyed as in TextKey. */
  texts?: Record<string, string>;
  /** The launcher's corner. */
  position?: string;
  fields: FormField[];
  /** The page opens the form itself; only identified visitors may file (issue 38). Absent from older help desks. */
  launcher_hidden?: boolean;
  identity_required?: boolean;
  /** What a visitor may attach (checked by the attachment code that uses it); absent from older help desks. */
  attachments?: { allowed?: unknown };
}

const isField = (v: unknown): v is FormField =>
  isObject(v) && typeof v.name === 'string' && typeof v.label === 'string' && typeof v.type === 'string' && typeof v.required === 'boolean';

/**
 * GET of a public JSON document: a plain request without custom headers or credentials (a "simple"
 * CORS request, no preflight). undefined on any failure: a network error, a non-2xx answer, bad JSON.
 */
async function getJson(url: string): Promise<unknown> {
  try {
    const res = await fetch(url, { credentials: 'omit' });
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The owner's form with the widget's texts in `language` (the site's language when empty); undefined on any
 * failure (the widget then keeps its fixed fields, spec §2, and English).
 */
export async function fetchForm(home: string, language: string): Promise<FormDefinition | undefined> {
  const data = await getJson(`${home}${TICKETS}form/${language && `?lang=${encodeURIComponent(language)}`}`);
  if (!isObject(data) || !isObject(data.site) || !Array.isArray(data.fields)) return undefined;
  return {
    ...data,
    site: data.site as FormDefinition['site'],
    fields: data.fields.filter(isField),
    texts: isObject(data.texts) ? (data.texts as Record<string, string>) : undefined,
  } as FormDefinition;
}

/** Loads one choice list; any failure yields an empty list so the field is simply hidden. */
export async function fetchChoices(home: string, kind: ChoiceKind): Promise<Choice[]> {
  const data = await getJson(`${home}${TICKETS}${kind}/`);
  return Array.isArray(data) ? data.filter(isChoice) : [];
}

/** Posts a ticket form-encoded (no preflight, no cookies) and classifies the answer. */
export async function submitTicket(home: string, body: URLSearchParams, timeoutMs = SUBMIT_TIMEOUT_MS): Promise<SubmitResult> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    // Accept-Language is a CORS-safelisted header: the problems' details come in the widget's language, no preflight.
    const language = body.get('language');
    const headers = language ? { 'Accept-Language': language } : undefined;
    const res = await fetch(home + TICKETS, { method: 'POST', body, headers, credentials: 'omit', signal: abort.signal });
    const data: unknown = await res.json().catch(() => undefined);
    return classify(res.status, data, res.headers.get('Retry-After'));
  } catch {
    return { kind: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

/** Maps a status and RFC 9457 problem body to what the form shows. */
export function classify(status: number, data: unknown, retryAfter: string | null, now = Date.now()): SubmitResult {
  const body = isObject(data) ? data : {};
  if (status === 200 || status === 201) {
    // 2xx without an id: the ticket may exist, so offer a retry (same key, so no duplicate).
    if (typeof body.id !== 'number') return { kind: 'unreachable' };
    // An older server answers without `number`; its id is then what it shows.
    return { kind: 'filed', number: typeof body.number === 'number' ? body.number : body.id };
  }
  // The help desk hides whether the email has an account: the answer is the same whether a ticket was
  // filed or the address was mailed how to get access, so the form says only that it was received.
  if (status === 202) return { kind: 'received' };
  if (status === 400) return { kind: 'invalid', errors: fieldErrors(body.errors), detail: text(body.detail) };
  if (status === 403 && body.code === 'REGISTRATION_CLOSED') return { kind: 'closed' };
  if (status === 429) return { kind: 'limited', retryAfterSeconds: parseRetryAfter(retryAfter, now) };
  if (status === 503 && body.code === 'INTAKE_OFFLINE') return { kind: 'offline' };
  // The site's sign-in token refused, or required: the help desk's own plain sentence (in the widget's language).
  if (status === 403 && (body.code === 'IDENTITY_REFUSED' || body.code === 'IDENTITY_REQUIRED'))
    return { kind: 'rejected', detail: text(body.detail) };
  // A 4xx but a timeout: say so; retrying would not help.
  if (status >= 400 && status < 500 && status !== 408) return { kind: 'rejected' };
  return { kind: 'unreachable' };
}

function fieldErrors(list: unknown): FieldError[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((e): FieldError[] => {
    if (!isObject(e)) return [];
    const detail = text(e.detail);
    // Prefer `field`; fall back to the JSON pointer ("#/email" -> "email").
    const field = text(e.field) ?? text(e.pointer)?.replace(/^#?\//, '') ?? '';
    return detail ? [{ field, detail }] : [];
  });
}

/** Seconds from a Retry-After value (delta-seconds or HTTP-date); undefined if absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
