/** Stable error codes, their HTTP status and title: the one table every problem response comes from. */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, title: 'Your request has invalid fields' },
  MALFORMED_BODY: { status: 400, title: 'The request body could not be read' },
  UNAUTHENTICATED: { status: 401, title: 'Authentication required' },
  INVALID_TOKEN: { status: 401, title: 'The access token is not valid' },
  INVALID_CREDENTIALS: { status: 401, title: 'The email or the password is wrong' },
  FORBIDDEN: { status: 403, title: 'You are not allowed to do this' },
  REGISTRATION_CLOSED: { status: 403, title: 'Only existing accounts can file tickets' },
  ACCOUNT_DISABLED: { status: 403, title: 'This account is disabled' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  REQUEST_TIMEOUT: { status: 408, title: 'The request took too long to arrive' },
  CONFLICT: { status: 409, title: 'Conflict' },
  TICKET_CHANGED: { status: 409, title: 'The ticket changed since you opened it' },
  PRECONDITION_FAILED: { status: 412, title: 'The ticket is not at the version If-Match names' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported content type' },
  RANGE_NOT_SATISFIABLE: { status: 416, title: 'The asked range is outside the file' },
  HEADERS_TOO_LARGE: { status: 431, title: 'The request headers are too large' },
  SUBMISSION_REFUSED: { status: 400, title: 'This submission looks automated' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  INTERNAL_ERROR: { status: 500, title: 'Something went wrong on our side' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'The service is temporarily unavailable' },
  STORAGE_FULL: { status: 503, title: 'The help desk cannot store anything right now' },
  INTAKE_OFFLINE: { status: 503, title: 'The help desk is not taking tickets here right now' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One invalid field: `field` is the body or query name, `detail` says what to fix. */
export interface FieldError {
  field: string;
  pointer: string;
  detail: string;
}

/** An error a client can act on; the error handler turns it into an RFC 9457 problem response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  /** Response headers the problem needs (Retry-After, RateLimit…). */
  headers: Record<string, string> = {};
  /** RFC 9457 extension members sent beside `detail` (a 409's `current_version` and `changes`). */
  extensions: Record<string, unknown> = {};

  constructor(code: ErrorCode, detail: string, errors?: FieldError[]) {
    super(detail);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
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
export function invalidField(field: string, detail: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${detail}`, [fieldError(field, detail)]);
}

export function fieldError(field: string, detail: string): FieldError {
  return { field, pointer: `#/${field.replaceAll('.', '/')}`, detail };
}
