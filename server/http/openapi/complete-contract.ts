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
const ETAG = { ETag: { description: 'The ticket version; send it back as If-Match with a reply or change.', schema: { type: 'string' } } };
const LOCATION = { Location: { description: 'The address of what was created.', schema: { type: 'string', format: 'uri-reference' } } };

// A comment has no address of its own: it is read with its ticket.
const WITHOUT_ADDRESS = new Set(['addComment']);

/** Extra response headers by operation and status, where the route sends more than the generic ones. */
const HEADERS_BY_OPERATION: Record<string, Record<string, Record<string, Json>>> = {
  fileTicket: { '429': RATE_LIMIT_HEADERS },
  listDocs: { '200': PAGING_HEADERS },
  listProductDocs: { '200': PAGING_HEADERS },
  getTicket: { '200': ETAG },
  updateTicket: { '200': ETAG },
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

function describeResponses(operation: Operation, operationId: string | undefined): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const code = Number(status);
    if (code >= 400) {
      // Every error is an RFC 9457 problem, sent as application/problem+json (server/http/plugins/errors.ts).
      response.content = { [PROBLEM_TYPE]: { schema: PROBLEM_REF } };
      if (code === 429 || code === 503) response.headers = { ...response.headers, ...RETRY_AFTER };
    }
    if (code === 201 && !WITHOUT_ADDRESS.has(operationId ?? '')) response.headers = { ...response.headers, ...LOCATION };
    const extra = operationId ? HEADERS_BY_OPERATION[operationId]?.[status] : undefined;
    if (extra) response.headers = { ...response.headers, ...extra };
  }
}
