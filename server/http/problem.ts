import { BRAND_COLOR_PATTERN } from '../../common/brand-color.js';
import type { MessageKey } from '../../common/i18n/message-keys.js';
import { type Message, message, type Translator } from '../../common/i18n/translator.js';
import { classifyDatabaseFault, type DatabaseFault, RETRY_AFTER_SECONDS } from '../db/database-faults.js';
import { CLOCK_PATTERN, DATE_PATTERN } from '../domain/business-hours/check-business-hours.js';
import { EMAIL_RULE } from '../domain/people/email-address.js';
import { MULTI_LINE_RULE, SINGLE_LINE_RULE } from '../domain/text-rules.js';
import {
  AppError,
  ERROR_CODES,
  type ErrorCode,
  type FieldError,
  fieldError,
  type ProblemText,
  renderProblemText,
  titleKey,
} from '../errors.js';
import { english } from '../i18n/translators.js';

const FORMAT_RULES: Record<string, Message> = { email: EMAIL_RULE, 'single-line': SINGLE_LINE_RULE, 'multi-line': MULTI_LINE_RULE };

/** One invalid field as the client reads it. */
export interface ProblemFieldError {
  field: string;
  pointer: string;
  detail: string;
}

/** An RFC 9457 problem document, with our stable `code` and per-field `errors`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: ProblemFieldError[];
  /** Extension members (RFC 9457 §3.2), e.g. a 409's `current_version` and `changes`. */
  [member: string]: unknown;
}

/** The problem document of `code`, its title, detail and field errors in `t`'s language (English unless given). */
export function problemFor(code: ErrorCode, detail: ProblemText, errors?: FieldError[], t: Translator = english): Problem {
  const { status } = ERROR_CODES[code];
  const title = t.t(titleKey(code));
  const type = `urn:helpdesk:problem:${code.toLowerCase().replaceAll('_', '-')}`;
  const text = renderProblemText(t, detail);
  if (!errors) return { type, title, status, detail: text, code };
  const shown = errors.map((e) => ({ field: e.field, pointer: e.pointer, detail: renderProblemText(t, e.detail) }));
  return { type, title, status, detail: text, code, errors: shown };
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

// Fastify's own errors that are the client's doing, by code.
const FASTIFY_CLIENT_ERRORS: Record<string, [ErrorCode, MessageKey]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'problems.detail.media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'problems.detail.body_too_large'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_BODY', 'problems.detail.invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_BODY', 'problems.detail.empty_json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['MALFORMED_BODY', 'problems.detail.content_length'],
  FST_ERR_CTP_EMPTY_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'problems.detail.no_content_type'],
};

/** Maps anything thrown while handling a request to the problem the client sees (never a stack or SQL). */
export function toProblem(error: unknown, t: Translator = english): Problem {
  if (error instanceof AppError) return { ...error.extensions, ...problemFor(error.code, error.detail, error.errors, t) };
  const err = error as { code?: string; statusCode?: number; validation?: AjvError[]; validationContext?: string; message?: string };
  if (err.validation) return validationProblem(err.validation, err.validationContext ?? 'body', t);
  const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  if (known) return problemFor(known[0], message(known[1]), undefined, t);
  if (err instanceof SyntaxError || err.code === 'FST_ERR_BAD_PROTO' || err.code === 'FST_ERR_BAD_CONSTRUCTOR') {
    return problemFor('MALFORMED_BODY', message('problems.detail.unparsable'), undefined, t);
  }
  // PostgreSQL refuses NUL in text (SQLite stores it): a request that carries one into a query is the
  // client's mistake on either database, never a 500. Fields are checked first; this is the net.
  if (err.code === '22021' || err.code === '22P05') return problemFor('MALFORMED_BODY', message('problems.detail.nul'), undefined, t);
  const fault = classifyDatabaseFault(error);
  if (fault) return problemFor(fault === 'full' ? 'STORAGE_FULL' : 'SERVICE_UNAVAILABLE', FAULT_DETAILS[fault], undefined, t);
  if (err.statusCode === 429) return problemFor('RATE_LIMITED', message('problems.detail.rate_limited'), undefined, t);
  if (err.statusCode === 404) return problemFor('NOT_FOUND', message('problems.detail.nothing_here'), undefined, t);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return problemFor('MALFORMED_BODY', message('problems.detail.unreadable'), undefined, t);
  return problemFor('INTERNAL_ERROR', message('problems.detail.internal'), undefined, t);
}

// Told to the client: the fault is ours, nothing was saved, and trying again later will work.
const FAULT_DETAILS: Record<DatabaseFault, Message> = {
  unavailable: message('problems.detail.database_unavailable'),
  busy: message('problems.detail.database_busy'),
  full: message('problems.detail.storage_full'),
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
        // i18n-exempt: an operator's log line, not shown to clients
        'request failed: DISK FULL — the data volume has no space left; nothing was written (answered 503). ' +
        // i18n-exempt: an operator's log line, not shown to clients
        'Free space and writes resume by themselves'
      );
    default:
      return 'request failed';
  }
}

function validationProblem(errors: AjvError[], context: string, t: Translator): Problem {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const { field, detail } = describeAjvError(error);
    if (!byField.has(field)) byField.set(field, fieldError(field, detail));
  }
  const list = [...byField.values()];
  const detail = (t: Translator) =>
    t.t('problems.validation.fix', {
      where: context,
      count: list.length,
      list: list
        .map((e) => t.t('problems.validation.item', { field: e.field, detail: renderProblemText(t, e.detail) }))
        .join(t.t('problems.field.separator')),
    });
  return problemFor('VALIDATION_FAILED', detail, list, t);
}

function describeAjvError(error: AjvError): { field: string; detail: Message } {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const { params } = error;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return { field: join(path, String(params.missingProperty)), detail: message('problems.field.required') };
    case 'format':
      return {
        field: path,
        detail: FORMAT_RULES[String(params.format)] ?? message('problems.field.format', { format: String(params.format) }),
      };
    case 'pattern':
      // '\\S' is the "not blank" rule of labels and descriptions.
      if (params.pattern === '\\S') return { field: path, detail: message('problems.field.not_blank') };
      if (params.pattern === BRAND_COLOR_PATTERN) return { field: path, detail: message('problems.rule.brand_color') };
      if (params.pattern === CLOCK_PATTERN) return { field: path, detail: message('problems.business_hours.clock') };
      if (params.pattern === DATE_PATTERN) return { field: path, detail: message('problems.business_hours.date') };
      return { field: path || 'body', detail: message('problems.field.pattern') };
    case 'minLength':
      return { field: path, detail: limit === 1 ? message('problems.field.not_empty') : message('problems.field.min_length', { limit }) };
    case 'maxLength':
      return { field: path, detail: message('problems.field.max_length', { limit }) };
    case 'minItems':
      return { field: path, detail: message('problems.field.min_items', { limit }) };
    case 'maxItems':
      return { field: path, detail: message('problems.field.max_items', { limit }) };
    case 'maxProperties':
      return { field: path, detail: message('problems.field.max_properties', { limit }) };
    case 'enum':
      return {
        field: path,
        detail: message('problems.field.enum', { values: (params.allowedValues as unknown[]).map(String).join(', ') }),
      };
    case 'const':
      return { field: path, detail: message('problems.field.const', { value: String(params.allowedValue) }) };
    case 'type':
      return { field: path, detail: message('problems.field.type', { type: String(params.type) }) };
    case 'minimum':
      return { field: path, detail: message('problems.field.minimum', { limit }) };
    case 'maximum':
      return { field: path, detail: message('problems.field.maximum', { limit }) };
    case 'additionalProperties':
      return { field: join(path, String(params.additionalProperty)), detail: message('problems.field.unknown') };
    default:
      return { field: path || 'body', detail: message('problems.field.invalid') };
  }
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}
