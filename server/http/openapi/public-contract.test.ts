import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstTermId, relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import type { OpenApiDocument } from './complete-contract.js';
import { OPERATION_IDS } from './operation-ids.js';

const API = '/api/helpdesk/v1';
type Operation = OpenApiDocument['paths'][string][string];

function operationsOf(document: OpenApiDocument): Array<{ key: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path.replace(/^\/api/, '')}`,
      method,
      operation,
    })),
  );
}

describe('the OpenAPI document is a contract a client can be generated from', () => {
  const hd = useTestHelpdesk('sqlite');
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = (await hd.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json();
  });

  it('names every operation, each name once, and names nothing that is not served', () => {
    const operations = operationsOf(document);
    const missing = operations.filter(({ operation }) => !operation.operationId).map(({ key }) => key);
    expect(missing, 'add these routes to server/http/openapi/operation-ids.ts').toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(OPERATION_IDS).filter((key) => !operations.some((o) => o.key === key))).toEqual([]);
  });

  it('describes every error as application/problem+json with the named Problem schema (but the pages a mailed link opens)', () => {
    const problem = document.components.schemas?.Problem as { required: string[] };
    expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']));
    for (const { key, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400) continue;
        if (operation.operationId === 'getMailedFile' && (status === '404' || status === '429')) continue;
        expect(response.content, `${key} ${status}`).toEqual({
          'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        });
      }
    }
    expect(JSON.stringify(document)).not.toContain('def-0');
  });

  it('says who may call each operation: nobody in particular, a Bearer token, or the session cookie with X-CSRF-Token on writes', () => {
    const security = Object.fromEntries(operationsOf(document).map(({ operation }) => [operation.operationId, operation.security]));
    for (const open of ['fileTicket', 'listProducts', 'listReasons', 'listUrgencies', 'listDocs', 'listProductDocs'])
      expect(security[open], open).toEqual([]);
    expect(security.signIn).toEqual([{ csrf: [] }]);
    expect(security.listTickets).toEqual([{ bearer: [] }, { session: [] }]);
    expect(security.updateTicket).toEqual([{ bearer: [] }, { session: [], csrf: [] }]);
    expect(document.components.securitySchemes).toMatchObject({ csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' } });
  });

  it('declares the headers the server sends, and leaves defaulted query parameters optional', () => {
    const byId = Object.fromEntries(operationsOf(document).map(({ operation }) => [operation.operationId, operation]));
    expect(Object.keys(byId.fileTicket?.responses?.['429']?.headers ?? {})).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']),
    );
    expect(Object.keys(byId.fileTicket?.responses?.['201']?.headers ?? {})).toEqual(['Location']);
    expect(Object.keys(byId.listDocs?.responses?.['200']?.headers ?? {})).toEqual(expect.arrayContaining(['X-Total-Count', 'X-Per-Page']));
    const required = Object.fromEntries(
      (byId.listDocs?.parameters ?? []).map((p: { name?: unknown; required?: boolean }) => [p.name, p.required]),
    );
    expect(required).toMatchObject({ count: false, page: false, search: false });
  });

  it('describes the file routes as served: any type, ETag and ranges, a mailed link without sign-in, its 404 page, multipart files', () => {
    const byId = Object.fromEntries(operationsOf(document).map(({ operation }) => [operation.operationId, operation]));
    for (const id of ['getFile', 'getMailedFile']) {
      const responses = byId[id]?.responses ?? {};
      expect(Object.keys(responses['200']?.content ?? {}), id).toEqual(['*/*']);
      expect(Object.keys(responses['206']?.headers ?? {}), id).toEqual(expect.arrayContaining(['ETag', 'Content-Range']));
      expect(responses['304'], id).toBeDefined();
      const headers = (byId[id]?.parameters ?? []).filter((p: { in?: string }) => p.in === 'header').map((p: { name?: unknown }) => p.name);
      expect(headers, id).toEqual(expect.arrayContaining(['range', 'if-range', 'if-none-match']));
    }
    const mailed = byId.getMailedFile;
    expect(mailed?.security).toEqual([]);
    expect(Object.keys(mailed?.responses?.['404']?.content ?? {})).toEqual(['text/html']);
    expect(Object.keys(mailed?.responses?.['429']?.content ?? {})).toEqual(['text/html']);
    const query = (mailed?.parameters ?? []).filter((p: { in?: string }) => p.in === 'query').map((p: { name?: unknown }) => p.name);
    expect(query).toEqual(expect.arrayContaining(['expires', 'signature']));
    expect(byId.getFile?.security).toEqual([{ bearer: [] }, { session: [] }]);
    for (const id of ['fileTicket', 'addComment']) {
      const multipart = byId[id]?.requestBody?.content?.['multipart/form-data'];
      expect(multipart?.schema?.properties?.attachments, id).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
      // The JSON body has no files.
      expect(byId[id]?.requestBody?.content?.['application/json']?.schema?.properties?.attachments, id).toBeUndefined();
    }
    expect(byId.getTicket?.responses?.['304']?.headers).toHaveProperty('ETag');
  });

  it("a real error body validates against the document's Problem schema", async () => {
    const res = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: { email: 'not an address' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    // The Problem schema as it sits in the document, so its references to other schemas resolve.
    const ajv = new Ajv2020({ strict: false }).addSchema({ components: document.components }, 'openapi');
    const validate = ajv.compile({ $ref: 'openapi#/components/schemas/Problem' });
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);

    // A 409 with its extension members (what changed since the version sent) validates too.
    const agent = await hd.authAs('agent');
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const filed = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, headers: agent, payload: ticketPayload() });
    expect(filed.statusCode).toBe(201);
    const comment = (version: number) =>
      hd.app.inject({
        method: 'POST',
        url: `${API}/tickets/${filed.json().id}/comments`,
        headers: agent,
        payload: { text: 'Hi', version },
      });
    expect((await comment(1)).statusCode).toBe(201);
    const stale = await comment(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().changes.length).toBeGreaterThan(0);
    expect(validate(stale.json()), JSON.stringify(validate.errors)).toBe(true);
  });

  it("passes Redocly's recommended rules with no error (redocly.yaml)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpdesk-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const run = spawnSync('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml', '--format', 'json'], { encoding: 'utf8' });
      const report = JSON.parse(run.stdout) as { totals: { errors: number }; problems: Array<{ severity: string; message: string }> };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDatabase('what the contract promises, served', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
  });

  it('a 201 names the new resource in Location, and that address answers', async () => {
    const agent = await hd.authAs('agent');
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const filed = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, headers: agent, payload: ticketPayload() });
    expect(filed.statusCode).toBe(201);
    expect(filed.statusCode).toBe(201);
    expect(filed.headers.location).toBe(`${API}/tickets/${filed.json().id}`);
    const read = await hd.app.inject({ method: 'GET', url: String(filed.headers.location), headers: agent });
    expect(read.statusCode).toBe(200);

    const admin = await hd.authAs('admin');
    const reason = await hd.app.inject({ method: 'POST', url: `${API}/reasons/`, headers: admin, payload: { name: 'Refunds' } });
    expect(reason.statusCode).toBe(201);
    expect(reason.headers.location).toBe(`${API}/reasons/${reason.json().id}`);
  });

  it('reasons and urgencies are named by id when filtering and updating, as when filing (slugs still work)', async () => {
    const agent = await hd.authAs('agent');
    const reasonId = await firstTermId(hd.ctx, 'ticket_reason');
    const urgencyId = await firstTermId(hd.ctx, 'ticket_urgency');
    const filed = await hd.app.inject({
      method: 'POST',
      url: `${API}/tickets/`,
      payload: ticketPayload({ reason: reasonId, urgency: urgencyId }),
    });
    const ticketId = filed.json().id as number;

    const byId = await hd.app.inject({
      method: 'GET',
      url: `${API}/tickets/?reason=${reasonId}&urgency=${urgencyId}&per_page=100`,
      headers: agent,
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().tickets.map((t: { id: number }) => t.id)).toContain(ticketId);
    const slug = byId.json().tickets.find((t: { id: number }) => t.id === ticketId).reason.slug;
    const bySlug = await hd.app.inject({ method: 'GET', url: `${API}/tickets/?reason=${slug}&per_page=100`, headers: agent });
    expect(bySlug.json().tickets.map((t: { id: number }) => t.id)).toContain(ticketId);

    const cleared = await hd.app.inject({ method: 'PATCH', url: `${API}/tickets/${ticketId}`, headers: agent, payload: { reason: null } });
    expect(cleared.statusCode).toBe(200);
    const set = await hd.app.inject({ method: 'PATCH', url: `${API}/tickets/${ticketId}`, headers: agent, payload: { reason: reasonId } });
    expect(set.statusCode).toBe(200);
    const read = await hd.app.inject({ method: 'GET', url: `${API}/tickets/${ticketId}`, headers: agent });
    expect(read.json().reason.slug).toBe(slug);

    const unknown = await hd.app.inject({
      method: 'PATCH',
      url: `${API}/tickets/${ticketId}`,
      headers: agent,
      payload: { urgency: 999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('urgency');
  });
});
