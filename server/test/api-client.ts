import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { paths } from '../../common/contract/api-types.js';

/** The REST namespace the client's paths are under: `/tickets/{id}` is `/api/helpdesk/v1/tickets/{id}`. */
const PREFIX = '/api/helpdesk/v1';
type Prefix = typeof PREFIX;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths (without the prefix) that have an operation for `M`, as the generated contract lists them. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? (P extends `${Prefix}${infer Rest}` ? Rest : never) : never;
}[keyof paths];
type OperationOf<M extends Method, P extends string> = `${Prefix}${P}` extends keyof paths ? NonNullable<paths[`${Prefix}${P}`][M]> : never;

type PathParams<Op> = Op extends { parameters: { path: infer Params extends object } }
  ? { /** Put in the path's `{name}`s. */ params: Params }
  : { params?: never };
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? { query?: Q } : { query?: never };
type JsonBody<Op> = Op extends { requestBody: { content: { 'application/json': infer Body } } }
  ? { body: Body }
  : Op extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? { body?: Body }
    : { body?: never };

/**
 * What a call may carry: the path's parameters, the query and the JSON body as the contract types them, headers
 * (a Bearer token, If-Match…), and `untypedBody` for a body the contract refuses, to test the refusal.
 */
export type CallOptions<Op> = PathParams<Op> &
  Query<Op> &
  JsonBody<Op> & { headers?: Record<string, string>; untypedBody?: string | object };

type BodyOf<Response> = Response extends { content: infer Content }
  ? Content extends { 'application/json': infer Body }
    ? Body
    : Content extends { 'application/problem+json': infer Problem }
      ? Problem
      : unknown
  : undefined;
type Responses<Op> = Op extends { responses: infer R } ? R : never;

/** An answer: its status, headers and raw response, and its body as the contract types it for a status. */
export interface ApiAnswer<Op> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
  /** The parsed JSON body, untyped (undefined when there is none). */
  json(): unknown;
  /** The body as the contract types it for `status`; the test fails, showing the body, when the answer had another. */
  expectBody<Status extends keyof Responses<Op> & number>(status: Status): BodyOf<Responses<Op>[Status]>;
}

// When every option is optional, the options may be left out.
type NoFields = Record<never, never>;
type Call<M extends Method> = <P extends ApiPath<M>>(
  path: P,
  ...options: NoFields extends CallOptions<OperationOf<M, P>> ? [CallOptions<OperationOf<M, P>>?] : [CallOptions<OperationOf<M, P>>]
) => Promise<ApiAnswer<OperationOf<M, P>>>;

/** A client for the tests typed by the generated contract (`npm run contract`): paths, parameters, bodies, answers. */
export interface ApiClient {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
  /** The same client sending `headers` on every call (an account's Bearer header, say). */
  with(headers: Record<string, string>): ApiClient;
}

/** A typed client over `app.inject` (no port): `headers` go with every call, a call's own headers over them. */
export function createApiClient(app: FastifyInstance, headers: Record<string, string> = {}): ApiClient {
  const call =
    (method: Method) =>
    async (path: string, options: CallOptions<unknown> & { params?: object; query?: object; body?: unknown } = {}) => {
      const raw = await app.inject({
        method: method.toUpperCase() as Uppercase<Method>,
        url: PREFIX + fillPath(path, options.params) + queryString(options.query),
        headers: { ...headers, ...options.headers },
        payload: (options.untypedBody ?? options.body) as string | object | undefined,
      });
      const json = () => (raw.body === '' ? undefined : raw.json());
      return {
        status: raw.statusCode,
        headers: raw.headers,
        raw,
        json,
        expectBody(status: number) {
          if (raw.statusCode !== status)
            throw new Error(`${method.toUpperCase()} ${path}: expected ${status}, got ${raw.statusCode}: ${raw.body}`);
          return json();
        },
      };
    };
  // One untyped implementation; the contract types each method's calls.
  return {
    get: call('get') as unknown as Call<'get'>,
    post: call('post') as unknown as Call<'post'>,
    put: call('put') as unknown as Call<'put'>,
    patch: call('patch') as unknown as Call<'patch'>,
    delete: call('delete') as unknown as Call<'delete'>,
    with: (more) => createApiClient(app, { ...headers, ...more }),
  };
}

function fillPath(path: string, params: object | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
