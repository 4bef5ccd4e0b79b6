import { Ajv, type Options } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isEmailAddress } from '../../domain/people/email-address.js';
import { isMultiLineText, isSingleLineText } from '../../domain/text-rules.js';
import { compileOnFirstUse } from '../compile-on-first-use.js';

// ajv-formats is CommonJS; under ESM its function arrives as `default`.
const addStandardFormats = ((ajvFormats as { default?: unknown }).default ?? ajvFormats) as (ajv: Ajv) => Ajv;

/** The standard formats, with `email` replaced by the helpdesk's one strict rule, and our text formats. */
function addFormats(ajv: Ajv): Ajv {
  addStandardFormats(ajv);
  ajv.addFormat('email', { type: 'string', validate: isEmailAddress });
  ajv.addFormat('single-line', { type: 'string', validate: isSingleLineText });
  ajv.addFormat('multi-line', { type: 'string', validate: isMultiLineText });
  return ajv;
}

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

// Unknown fields are errors where a schema sets additionalProperties: false, never silently dropped.
const shared: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };

/**
 * JSON bodies are checked strictly (`"subject": 5` is an error, not "5"). Query strings, path params and
 * form bodies only carry text, so the first two are coerced by Ajv and form bodies by `coerceFormBody`.
 */
export const validationPlugin = fp(
  async (app: FastifyInstance) => {
    const strict = addFormats(new Ajv({ ...shared, coerceTypes: false }));
    const coercing = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));
    app.setValidatorCompiler(({ schema, httpPart }) => compileOnFirstUse(() => (httpPart === 'body' ? strict : coercing).compile(schema)));
    // Callback style: synchronous work, no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      const schema = request.routeOptions.schema?.body as JsonSchema | undefined;
      if (isFormRequest(request)) coerceFormBody(schema, request.body);
      trimEmails(schema, request.body);
      done();
    });
  },
  { name: 'helpdesk-validation' },
);

function isFormRequest(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** Turns a form body's text into the types the route schema asks for; empty optional values mean "not given". */
export function coerceFormBody(schema: JsonSchema | undefined, body: unknown): void {
  if (!schema?.properties || typeof body !== 'object' || body === null) return;
  const values = body as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = values[name];
    if (typeof value !== 'string') continue;
    const types = property.anyOf ? property.anyOf.map((p) => p.type) : [property.type];
    if (value === '' && !schema.required?.includes(name) && !types.includes('string')) {
      delete values[name];
    } else if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) {
      values[name] = Number(value);
    } else if (types.includes('boolean') && /^(true|false|1|0|on)$/.test(value)) {
      values[name] = value === 'true' || value === '1' || value === 'on';
    }
  }
}

/**
 * A text-only body (a multipart request's fields, read after this plugin's hook ran) made ready for the
 * route's schema as a form body is: types coerced, emails trimmed.
 */
export function prepareTextBody(request: FastifyRequest, body: Record<string, unknown>): void {
  const schema = request.routeOptions.schema?.body as JsonSchema | undefined;
  coerceFormBody(schema, body);
  trimEmails(schema, body);
}

/** Spaces around an email address are a typing slip, not another address: trimmed before validation. */
function trimEmails(schema: JsonSchema | undefined, body: unknown): void {
  if (!schema?.properties || typeof body !== 'object' || body === null) return;
  const values = body as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = values[name];
    if (property.format === 'email' && typeof value === 'string') values[name] = value.trim();
  }
}
