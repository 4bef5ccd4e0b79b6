import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { countRows, relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

// Any value a client can send: text of every kind, numbers, booleans, null, lists and nested objects.
const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.string({ minLength: 2_000, maxLength: 25_000 }),
);
const fields = [
  'name',
  'email',
  'subject',
  'description',
  'product',
  'reason',
  'urgency',
  'order_id',
  'idempotency_key',
  'user_id',
  'status',
  '__proto__',
  'constructor',
];
const anyBody = fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: fields.length });
const isProblem = (res: { statusCode: number; headers: Record<string, unknown>; json(): { status?: unknown; code?: unknown } }) =>
  String(res.headers['content-type']).includes('application/problem+json') &&
  res.json().status === res.statusCode &&
  typeof res.json().code === 'string';

describeEachDatabase('fuzzing the public routes', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeAll(async () => {
    // Account creation off: a body that passes validation is refused (403) rather than stored, so
    // "nothing stored" holds for every run.
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    await relaxIntakeLimits(hd.ctx);
  });

  it('POST /tickets/ with any JSON or form body: never a 5xx, always a problem, nothing stored', async () => {
    const before = await countRows(hd.ctx);
    await fc.assert(
      fc.asyncProperty(anyBody, fc.boolean(), async (body, asForm) => {
        const payload = asForm
          ? new URLSearchParams(
              Object.entries(body).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
            ).toString()
          : JSON.stringify(body);
        const res = await hd.app.inject({
          method: 'POST',
          url: '/api/helpdesk/v1/tickets/',
          payload,
          headers: { 'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json' },
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(isProblem(res)).toBe(true);
      }),
      { numRuns: 150 },
    );
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  it('POST /tickets/ with arbitrary bytes and content types: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2_000 }),
        fc.constantFrom(
          'application/json',
          'application/x-www-form-urlencoded',
          'text/plain',
          'multipart/form-data',
          'application/json; charset=latin1',
        ),
        async (bytes, type) => {
          const res = await hd.app.inject({
            method: 'POST',
            url: '/api/helpdesk/v1/tickets/',
            payload: Buffer.from(bytes),
            headers: { 'content-type': type },
          });
          expect(res.statusCode).toBeLessThan(500);
          expect(isProblem(res)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('GET /docs/ and /docs/product/{slug} with any query: never a 5xx, a list or a problem', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('count', 'page', 'search', 'x'), fc.string(), { maxKeys: 4 }),
        fc.string({ maxLength: 300 }),
        async (query, slug) => {
          const qs = new URLSearchParams(query).toString();
          for (const path of ['/api/helpdesk/v1/docs/', `/api/helpdesk/v1/docs/product/${encodeURIComponent(slug) || 'x'}`]) {
            const res = await hd.app.inject({ method: 'GET', url: `${path}?${qs}` });
            expect(res.statusCode).toBeLessThan(500);
            if (res.statusCode === 200) expect(Array.isArray(res.json())).toBe(true);
            else expect(isProblem(res)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
