import { beforeAll, expect, it } from 'vitest';
import { createApiClient } from './api-client.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from './fixtures.js';
import { describeEachDatabase } from './test-databases.js';
import { useTestHelpdesk } from './test-helpdesk.js';

describeEachDatabase('the typed test client', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
  });

  it('fills path parameters and the query, sends the body and headers, and types the answer by its status', async () => {
    const api = createApiClient(hd.app);
    const filed = (await api.post('/tickets/', { body: ticketPayload({ subject: 'Printer on fire' }) })).expectBody(201);
    const agent = api.with(await hd.authAs('agent'));
    const ticket = (await agent.get('/tickets/{id}', { params: { id: filed.id } })).expectBody(200);
    expect(ticket.title).toBe('Printer on fire');
    const page = (await agent.get('/tickets/', { query: { search: 'printer', per_page: 5 } })).expectBody(200);
    expect(page.tickets.map((found) => found.id)).toContain(filed.id);
    const refused = (await api.get('/tickets/{id}', { params: { id: filed.id } })).expectBody(401);
    expect(refused.code).toBe('UNAUTHENTICATED');
  });

  it('is typed by the contract: a missing path parameter, an unknown path or field, a wrong body do not compile', async () => {
    const agent = createApiClient(hd.app, await hd.authAs('agent'));
    // @ts-expect-error the path needs its {id}
    await expect(agent.get('/tickets/{id}')).rejects.toThrow(/no value for \{id\}/);
    // @ts-expect-error no such route
    expect((await agent.get('/tickets/{id}/nothing', { params: { id: 1 } })).status).toBe(404);
    // @ts-expect-error a comment's text is a string
    expect((await agent.post('/tickets/{id}/comments', { params: { id: 1 }, body: { text: 5 } })).status).toBe(400);
    const views = (await agent.get('/tickets/views')).expectBody(200);
    // @ts-expect-error the answer has no such field
    expect(views.nothing).toBeUndefined();
  });

  it('fails the test, showing the body, when the status is not the one expected', async () => {
    const answer = await createApiClient(hd.app).get('/tickets/{id}', { params: { id: 1 } });
    expect(() => answer.expectBody(200)).toThrow(/UNAUTHENTICATED/);
  });
});
