import { BRAND_COLOR_PATTERN, BRAND_COLOR_RULE } from '../../common/brand-color.js';
import { classifyDatabaseFault, type DatabaseFault, RETRY_AFTER_SECONDS } from '../db/database-faults.js';
import { EMAIL_RULE } from '../domain/people/email-address.js';
import { MULTI_LINE_RULE, SINGLE_LINE_RULE } from '../domain/text-rules.js';
import { AppError, ERROR_CODES, type ErrorCode, type FieldError, fieldError } from '../errors.js';

const FORMAT_RULES: Record<string, string> = { email: EMAIL_RULE, 'single-line': SINGLE_LINE_RULE, 'multi-line': MULTI_LINE_RULE };

/** An RFC 9457 problem document, with our stable `code` and per-field `errors`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
  /** Extension members (RFC 9457 §3.2), e.g. a 409's `current_version` and `changes`. */
  [member: string]: unknown;
}

export function problemFor(code: ErrorCode, detail: string, errors?: FieldError[]): Problem {
  const { status, title } = ERROR_CODES[code];
  const type = `urn:helpdesk:problem:${code.toLowerCase().replaceAll('_', '-')}`;
  return errors ? { type, title, status, detail, code, errors } : { type, title, status, detail, code };
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

// Fastify's own errors that are the client's doing, by code.
const FASTIFY_CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json or application/x-www-form-urlencoded.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is larger than this route accepts. Shorten the text and try again.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_BODY', 'The body is not valid JSON. Check quotes, commas and brackets.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_BODY', 'The body is empty; send a JSON object.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['MALFORMED_BODY', 'The Content-Length header does not match the body.'],
  FST_ERR_CTP_EMPTY_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send a Content-Type header.'],
};

/** Maps anything thrown while handling a request to the problem the client sees (never a stack or SQL). */
export function toProblem(error: unknown): Problem {
  if (error instanceof AppError) return { ...error.extensions, ...problemFor(error.code, error.message, error.errors) };
  const err = error as { code?: string; statusCode?: number; validation?: AjvError[]; validationContext?: string; message?: string };
  if (err.validation) return validationProblem(err.validation, err.validationContext ?? 'body');
  const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  if (known) return problemFor(known[0], known[1]);
  if (err instanceof SyntaxError || err.code === 'FST_ERR_BAD_PROTO' || err.code === 'FST_ERR_BAD_CONSTRUCTOR') {
    return problemFor('MALFORMED_BODY', 'The body could not be parsed. Send a plain JSON object without __proto__ or constructor keys.');
  }
  // PostgreSQL refuses NUL in text (SQLite stores it): a request that carries one into a query is the
  // client's mistake on either database, never a 500. Fields are checked first; this is the net.
  if (err.code === '22021' || err.code === '22P05')
    return problemFor('MALFORMED_BODY', 'The request contains a NUL or another character that cannot be stored. Remove it and try again.');
  const fault = classifyDatabaseFault(error);
  if (fault) return problemFor(fault === 'full' ? 'STORAGE_FULL' : 'SERVICE_UNAVAILABLE', FAULT_DETAILS[fault]);
  if (err.statusCode === 429) return problemFor('RATE_LIMITED', 'Too many requests. Wait a little and try again.');
  if (err.statusCode === 404) return problemFor('NOT_FOUND', 'Nothing is at this address.');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return problemFor('MALFORMED_BODY', 'The request could not be read.');
  return problemFor('INTERNAL_ERROR', 'The error was logged. Please try again; if it keeps happening, tell the site owner.');
}

// Told to the client: the fault is ours, nothing was saved, and trying again later will work.
const FAULT_DETAILS: Record<DatabaseFault, string> = {
  unavailable: 'The help desk cannot reach its database right now. Nothing was saved; please try again in a few seconds.',
  busy: 'The help desk is busy with other work. Nothing was saved; please try again in a few seconds.',
  full: 'The help desk has run out of storage space. Nothing was saved; please try again later.',
};

/** Response headers for the problem of `error`: an AppError's own, or Retry-After for a storage fault. */
export function problemHeaders(error: unknown): Record<string, string> {
  if (error instanceof AppError) return error.headers;
  const fault = classifyDatabaseFault(error);
  return fault ? { 'retry-after': String(RETRY_AFTER_SECONDS[fault]) } : {};
}

/** The server log's line for a failed request: says plainly what an operator must look at. */
export function describeFailure(error: unknown): string {
  switch (classifyDatabaseFault(error)) {
    case 'unavailable':
      return 'request failed: the database is unreachable or restarting (answered 503; recovers by itself when it is back)';
    case 'busy':
      return 'request failed: the SQLite database stayed locked by another process beyond the busy timeout (answered 503)';
    case 'full':
      return (
        'request failed: DISK FULL — the data volume has no space left; nothing was written (answered 503). ' +
        'Free space and writes resume by themselves'
      );
    default:
      return 'request failed';
  }
}

function validationProblem(errors: AjvError[], context: string): Problem {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const { field, detail } = describeAjvError(error);
    if (!byField.has(field)) byField.set(field, fieldError(field, detail));
  }
  const list = [...byField.values()];
  const where = context === 'querystring' ? 'query parameter' : context === 'params' ? 'path segment' : 'field';
  const detail = list.map((e) => `${e.field} ${e.detail}`).join('; ');
  return problemFor('VALIDATION_FAILED', `Fix the ${where}${list.length > 1 ? 's' : ''} named here: ${detail}.`, list);
}

function describeAjvError(error: AjvError): { field: string; detail: string } {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return { field: join(path, String(params.missingProperty)), detail: 'is required' };
    case 'format':
      return { field: path, detail: FORMAT_RULES[String(params.format)] ?? `must be a valid ${params.format}` };
    case 'pattern':
      // '\\S' is the "not blank" rule of labels and descriptions.
      if (params.pattern === '\\S') return { field: path, detail: 'must not be blank' };
      if (params.pattern === BRAND_COLOR_PATTERN) return { field: path, detail: BRAND_COLOR_RULE };
      return { field: path || 'body', detail: error.message ?? 'is not valid' };
    case 'minLength':
      return { field: path, detail: params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters` };
    case 'maxLength':
      return { field: path, detail: `must be at most ${params.limit} characters` };
    case 'type':
      return { field: path, detail: `must be ${article(String(params.type))}` };
    case 'minimum':
    case 'maximum':
      return { field: path, detail: `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}` };
    case 'additionalProperties':
      return { field: join(path, String(params.additionalProperty)), detail: 'is not a known field' };
    default:
      return { field: path || 'body', detail: error.message ?? 'is not valid' };
  }
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function article(type: string): string {
  const words: Record<string, string> = {
    integer: 'a whole number',
    number: 'a number',
    string: 'text',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
  };
  return words[type] ?? type;
}
