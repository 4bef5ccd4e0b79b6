import { OPERATION_IDS } from './operation-ids.js';

/**
 * What the route schemas cannot say by themselves, added to the generated OpenAPI document in one
 * place: operation names, who may call each operation, the problem+json error bodies and the
 * response headers. Routes keep describing their own bodies; this keeps the contract uniform.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  parameters?: Array<Json & { in?: string; required?: boolean; schema?: Json }>;
  responses?: Record<string, Json & { content?: Record<string, Json>; headers?: Record<string, Json> }>;
  requestBody?: Json & { content?: Record<string, Json & { schema?: Json & { properties?: Record<string, Json> } }> };
  security?: Array<Record<string, string[]>>;
}
export interface OpenApiDocument extends Json {
  info: Json;
  paths: Record<string, Record<string, Operation>>;
  components: Json & { schemas?: Record<string, Json>; securitySchemes?: Record<string, Json> };
}

const API_PREFIX = '/api';
const PROBLEM_TYPE = 'application/problem+json';
const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: 'An API token of an agent or admin (`helpdesk token create`, or the admin app).' },
  session: { type: 'apiKey', in: 'cookie', name: 'hd_session', description: "The admin app's session cookie, set by signIn." },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The csrf_token from getMe. Every write made with the session cookie, and signIn itself, must send it.',
  },
} as const;

/** Operations anyone may call: the widget's, the admin app's "who am I" and its sign-in. */
const PUBLIC = new Set([
  'fileTicket',
  'listProducts',
  'listReasons',
  'listUrgencies',
  'getTicketForm',
  'listDocs',
  'listProductDocs',
  'getMe',
  // A mailed file link carries its own signature and expiry (query parameters): no token, no session.
  'getMailedFile',
]);
// signIn needs no account, only the CSRF header that proves the request comes from a page of this site.
const SIGN_IN = 'signIn';

const RATE_LIMIT_HEADERS = {
  RateLimit: { description: 'The limit that refused the request and when it resets (IETF RateLimit fields).', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'Every limit the request exceeded, with its window.', schema: { type: 'string' } },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } };
const PAGING_HEADERS = {
  'X-Total-Count': { description: 'How many items match, over all pages.', schema: { type: 'integer' } },
  'X-Per-Page': { description: 'Items per page.', schema: { type: 'integer' } },
};
const FILE_HEADERS = {
  ETag: { description: 'Strong, the same on every instance: send it as If-None-Match (304) or If-Range.', schema: { type: 'string' } },
  'Content-Disposition': {
    description: 'attachment (inline for raster images) with the file’s name, RFC 6266.',
    schema: { type: 'string' },
  },
  'Accept-Ranges': { description: 'bytes', schema: { type: 'string' } },
};
const CONTENT_RANGE = { 'Content-Range': { description: 'The range sent, `bytes first-last/size`.', schema: { type: 'string' } } };
const ETAG = { ETag: { description: 'The ticket version; send it back as If-Match with a reply or change.', schema: { type: 'string' } } };
const LOCATION = { Location: { description: 'The address of what was created.', schema: { type: 'string', format: 'uri-reference' } } };

// A comment has no address of its own: it is read with its ticket.
const WITHOUT_ADDRESS = new Set(['addComment']);

/** Extra response headers by operation and status, where the route sends more than the generic ones. */
const HEADERS_BY_OPERATION: Record<string, Record<string, Record<string, Json>>> = {
  fileTicket: { '429': RATE_LIMIT_HEADERS },
  listDocs: { '200': PAGING_HEADERS },
  listProductDocs: { '200': PAGING_HEADERS },
  getTicket: { '200': ETAG, '304': ETAG },
  getFile: { '200': FILE_HEADERS, '206': { ...FILE_HEADERS, ...CONTENT_RANGE }, '304': FILE_HEADERS },
  getMailedFile: { '200': FILE_HEADERS, '206': { ...FILE_HEADERS, ...CONTENT_RANGE }, '304': FILE_HEADERS },
  getFileThumbnail: { '200': FILE_HEADERS, '304': FILE_HEADERS },
  updateTicket: { '200': ETAG },
};

/** Errors answered with a page a person reads (a link opened from a mail), not a problem. */
const PAGES_BY_OPERATION: Record<string, ReadonlySet<string>> = {
  getMailedFile: new Set(['404', '429']),
};

/** The files a multipart body carries beside its fields (server/http/multipart-uploads.ts). */
const ATTACHMENTS_PART = {
  type: 'array',
  items: { type: 'string', format: 'binary' },
  description:
    'multipart/form-data only: one `attachments` part per file, read while it arrives; its type is decided from its content. ' +
    'How many and how large are the settings’ (Tickets → Attachments); a refused file is named in the problem’s `attachment`.',
};

export function completeContract(document: OpenApiDocument): void {
  document.info.license = { name: 'MIT', identifier: 'MIT' };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path.slice(API_PREFIX.length)}`;
      const operationId = OPERATION_IDS[key];
      if (operationId) operation.operationId = operationId;
      operation.security = securityOf(operationId, method);
      markDefaultedParametersOptional(operation);
      describeMultipartFiles(operation);
      describeResponses(operation, operationId);
    }
  }
}

function securityOf(operationId: string | undefined, method: string): Operation['security'] {
  if (operationId && PUBLIC.has(operationId)) return [];
  if (operationId === SIGN_IN) return [{ csrf: [] }];
  // A read with the cookie needs no CSRF token; a write does (server/http/plugins/api-session.ts).
  return method === 'get' ? [{ bearer: [] }, { session: [] }] : [{ bearer: [] }, { session: [], csrf: [] }];
}

// A query parameter with a default may be left out: the server fills it in. @fastify/swagger marks
// every non-optional TypeBox property required, defaults or not.
function markDefaultedParametersOptional(operation: Operation): void {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.schema && 'default' in parameter.schema) parameter.required = false;
  }
}

// The route schemas describe the fields; the files of a multipart body are parts the schema never sees.
function describeMultipartFiles(operation: Operation): void {
  const content = operation.requestBody?.content;
  const multipart = content?.['multipart/form-data'];
  if (!content || !multipart?.schema) return;
  // A new entry: the generator shares one object between the body's media types.
  content['multipart/form-data'] = {
    ...multipart,
    schema: { ...multipart.schema, properties: { ...multipart.schema.properties, attachments: ATTACHMENTS_PART } },
    encoding: { attachments: { contentType: '*/*' } },
  };
}

function describeResponses(operation: Operation, operationId: string | undefined): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const code = Number(status);
    if (code >= 400 && PAGES_BY_OPERATION[operationId ?? '']?.has(status)) {
      response.content = { 'text/html': { schema: { type: 'string' } } };
      if (code === 429) response.headers = { ...response.headers, ...RETRY_AFTER };
    } else if (code >= 400) {
      // Every error is an RFC 9457 problem, sent as application/problem+json (server/http/plugins/errors.ts).
      response.content = { [PROBLEM_TYPE]: { schema: PROBLEM_REF } };
      if (code === 429 || code === 503) response.headers = { ...response.headers, ...RETRY_AFTER };
    }
    if (code === 201 && !WITHOUT_ADDRESS.has(operationId ?? '')) response.headers = { ...response.headers, ...LOCATION };
    const extra = operationId ? HEADERS_BY_OPERATION[operationId]?.[status] : undefined;
    if (extra) response.headers = { ...response.headers, ...extra };
  }
}
