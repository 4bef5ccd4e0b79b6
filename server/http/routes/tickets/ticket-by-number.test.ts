import { beforeAll, expect, it } from 'vitest';
import { createClient, createProduct, createTicket, type TestUser } from '../../../test/factories.js';
import { relaxIntakeLimits } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';
import { withoutRequestId } from '../../../test/without-request-id.js';

const API = '/api/helpdesk/v1';

describeEachDatabase('one ticket by the number people read (GET /tickets/by-number/{number})', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  type Filed = { id: number; number: number };
  let ann: { authorization: string };
  let bob: { authorization: string };
  let annTicket: Filed;
  let bobTicket: Filed;

  const client = (name: string) => createClient(hd, { email: `${name}@client.test`, name });
  const file = (who: TestUser) => createTicket(hd, { email: who.email }, who.headers);

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    // A product first: its id comes before the tickets', so no ticket's id is its number.
    await createProduct(hd, { title: 'Widget' });
    const a = await client('ann');
    const b = await client('bob');
    ann = a.headers;
    bob = b.headers;
    annTicket = await file(a);
    bobTicket = await file(b);
    expect(annTicket.id).not.toBe(annTicket.number);
  });

  it('answers an agent with the ticket that has the number, exactly as GET /tickets/{id}', async () => {
    const agent = await hd.authAs('agent');
    const byNumber = await hd.app.inject({ method: 'GET', url: `${API}/tickets/by-number/${annTicket.number}`, headers: agent });
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json()).toMatchObject({ id: annTicket.id, number: annTicket.number });
    const byId = await hd.app.inject({ method: 'GET', url: `${API}/tickets/${annTicket.id}`, headers: agent });
    expect(byNumber.json()).toEqual(byId.json());
    expect(byNumber.headers.etag).toBe(byId.headers.etag);
    // The ticket's ETag answers 304 here too.
    const again = await hd.app.inject({
      method: 'GET',
      url: `${API}/tickets/by-number/${annTicket.number}`,
      headers: { ...agent, 'if-none-match': String(byId.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a client only for their own ticket; another’s number is the same 404 as a number no ticket has', async () => {
    const own = await hd.app.inject({ method: 'GET', url: `${API}/tickets/by-number/${annTicket.number}`, headers: ann });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: annTicket.id, number: annTicket.number });
    const others = await hd.app.inject({ method: 'GET', url: `${API}/tickets/by-number/${bobTicket.number}`, headers: ann });
    const none = await hd.app.inject({ method: 'GET', url: `${API}/tickets/by-number/999999`, headers: ann });
    expect(others.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(withoutRequestId(others.json())).toEqual(withoutRequestId(none.json()));
    expect((await hd.app.inject({ method: 'GET', url: `${API}/tickets/by-number/${bobTicket.number}`, headers: bob })).statusCode).toBe(
      200,
    );
  });

  it('refuses a number that is not a positive whole number as a problem naming the field', async () => {
    const agent = await hd.authAs('agent');
    for (const bad of ['0', 'abc', '1.5']) {
      const res = await hd.app.inject({ method: 'GET', url: `${API}/tickets/by-number/${bad}`, headers: agent });
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(res.json())).toContain('number');
    }
  });
});
