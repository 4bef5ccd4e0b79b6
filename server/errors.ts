import type { MessageKey } from '../common/i18n/message-keys.js';
import type { Message, Translator } from '../common/i18n/translator.js';
import { english } from './i18n/translators.js';

/** Stable error codes and their HTTP status: the one table every problem response comes from. */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400 },
  MALFORMED_BODY: { status: 400 },
  UNAUTHENTICATED: { status: 401 },
  INVALID_TOKEN: { status: 401 },
  INVALID_CREDENTIALS: { status: 401 },
  FORBIDDEN: { status: 403 },
  REGISTRATION_CLOSED: { status: 403 },
  ACCOUNT_DISABLED: { status: 403 },
  IDENTITY_REFUSED: { status: 403 },
  IDENTITY_REQUIRED: { status: 403 },
  NOT_FOUND: { status: 404 },
  METHOD_NOT_ALLOWED: { status: 405 },
  REQUEST_TIMEOUT: { status: 408 },
  CONFLICT: { status: 409 },
  TICKET_CHANGED: { status: 409 },
  PRECONDITION_FAILED: { status: 412 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  RANGE_NOT_SATISFIABLE: { status: 416 },
  HEADERS_TOO_LARGE: { status: 431 },
  SUBMISSION_REFUSED: { status: 400 },
  RATE_LIMITED: { status: 429 },
  INTERNAL_ERROR: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  STORAGE_FULL: { status: 503 },
  INTAKE_OFFLINE: { status: 503 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The catalogue key of a code's title (`problems.code.NOT_FOUND`); a code without one does not compile. */
export function titleKey(code: ErrorCode): MessageKey {
  const key: `problems.code.${ErrorCode}` extends MessageKey ? `problems.code.${ErrorCode}` : never = `problems.code.${code}`;
  return key;
}

/**
 * What a problem says, to be put in the reader's language when the answer is written: a catalogue message, or
 * (for a detail made of other texts, such as a list of field errors) a function of the reader's translator.
 */
export type ProblemText = Message | ((t: Translator) => string);

export function renderProblemText(t: Translator, text: ProblemText): string {
  return typeof text === 'function' ? text(t) : t.render(text);
}

/** One invalid field: `field` is the body or query name, `detail` says what to fix. */
export interface FieldError {
  field: string;
  pointer: string;
  detail: ProblemText;
}

/** An error a client can act on; the error handler turns it into an RFC 9457 problem response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** What the reader is told, rendered in their language by the error handler; `message` is its English. */
  readonly detail: ProblemText;
  readonly errors: FieldError[] | undefined;
  /** Response headers the problem needs (Retry-After, RateLimit…). */
  headers: Record<string, string> = {};
  /** RFC 9457 extension members sent beside `detail` (a 409's `current_version` and `changes`). */
  extensions: Record<string, unknown> = {};

  constructor(code: ErrorCode, detail: ProblemText, errors?: FieldError[]) {
    super(renderProblemText(english, detail));
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.detail = detail;
    this.errors = errors;
  }

  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }

  withExtensions(members: Record<string, unknown>): this {
    Object.assign(this.extensions, members);
    return this;
  }
}

/** A 400 naming one field, for checks a schema cannot express (a referenced id that does not exist…). */
export function invalidField(field: string, detail: ProblemText): AppError {
  return new AppError('VALIDATION_FAILED', fieldsDetail([fieldError(field, detail)]), [fieldError(field, detail)]);
}

export function fieldError(field: string, detail: ProblemText): FieldError {
  return { field, pointer: `#/${field.replaceAll('.', '/')}`, detail };
}

/** "field: what to fix; other: what to fix" in the reader's language: the detail of a 400 naming fields. */
export function fieldsDetail(errors: FieldError[]): (t: Translator) => string {
  return (t) =>
    errors
      .map((e) => t.t('problems.field.named', { field: e.field, detail: renderProblemText(t, e.detail) }))
      .join(t.t('problems.field.separator'));
}
