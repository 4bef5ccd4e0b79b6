import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../../test/api-client.js';
import { createAdmin, createAgent, type TestUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('fair assignment API: availability, limits and working hours, a product’s mode', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: ApiClient;
  let agent: ApiClient;
  let agentUser: TestUser;

  beforeAll(async () => {
    const anyone = createApiClient(hd.app);
    admin = anyone.with((await createAdmin(hd)).headers);
    agentUser = await createAgent(hd, { name: 'Ana' });
    agent = anyone.with(agentUser.headers);
  });

  it('a new agent is available, with the site’s limit and no working hours', async () => {
    const own = (await agent.get('/users/me/assignment')).expectBody(200);
    expect(own).toEqual({ user_id: agentUser.id, available: true, open_ticket_limit: null, schedule_id: null, open_tickets: 0 });
  });

  it('an agent sets themselves away and back', async () => {
    expect((await agent.put('/users/me/assignment', { body: { available: false } })).expectBody(200).available).toBe(false);
    expect((await agent.get('/users/me/assignment')).expectBody(200).available).toBe(false);
    expect((await agent.put('/users/me/assignment', { body: { available: true } })).expectBody(200).available).toBe(true);
  });

  it('an admin sets an agent’s limit and working hours, and the list shows them', async () => {
    const [hours] = (await admin.get('/business-hours/')).expectBody(200);
    const set = await admin.patch('/users/{id}/assignment', {
      params: { id: agentUser.id },
      body: { open_ticket_limit: 12, schedule_id: hours?.id as number },
    });
    expect(set.expectBody(200)).toMatchObject({ open_ticket_limit: 12, schedule_id: hours?.id });
    const list = (await agent.get('/users/assignment/')).expectBody(200);
    expect(list.find((row) => row.user_id === agentUser.id)).toMatchObject({ open_ticket_limit: 12 });
  });

  it('an agent may not set another’s limit', async () => {
    const refused = await agent.patch('/users/{id}/assignment', { params: { id: agentUser.id }, body: { open_ticket_limit: 99 } });
    expect(refused.status).toBe(403);
  });

  it('a limit out of range is refused naming the field, and nothing changes', async () => {
    const refused = await admin.patch('/users/{id}/assignment', { params: { id: agentUser.id }, body: { open_ticket_limit: 0 } });
    const problem = refused.expectBody(400);
    expect(problem.errors?.map((error) => error.field)).toEqual(['open_ticket_limit']);
    expect((await agent.get('/users/me/assignment')).expectBody(200).open_ticket_limit).toBe(12);
  });

  it('working hours that do not exist are refused naming the field and the fix', async () => {
    const refused = await admin.patch('/users/{id}/assignment', { params: { id: agentUser.id }, body: { schedule_id: 9999 } });
    const problem = refused.expectBody(400);
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'schedule_id', detail: expect.stringContaining('Business hours') })]);
  });

  it('a person who is not staff is not found', async () => {
    const refused = await admin.patch('/users/{id}/assignment', { params: { id: 999_999 }, body: { available: false } });
    expect(refused.status).toBe(404);
  });

  it('an admin gives a product its own mode and takes it back', async () => {
    const product = await makeProduct(hd.ctx, 'Printers');
    expect((await agent.get('/products/{id}/assignment', { params: { id: product.id } })).expectBody(200).mode).toBeNull();
    const set = await admin.put('/products/{id}/assignment', { params: { id: product.id }, body: { mode: 'fewest_open' } });
    expect(set.expectBody(200)).toEqual({ product_id: product.id, mode: 'fewest_open' });
    expect((await agent.get('/products/{id}/assignment', { params: { id: product.id } })).expectBody(200).mode).toBe('fewest_open');
    await admin.put('/products/{id}/assignment', { params: { id: product.id }, body: { mode: null } });
    expect((await agent.get('/products/{id}/assignment', { params: { id: product.id } })).expectBody(200).mode).toBeNull();
  });

  it('an unknown mode is refused naming the field', async () => {
    const product = await makeProduct(hd.ctx, 'Scanners');
    const refused = await admin.put('/products/{id}/assignment', {
      params: { id: product.id },
      body: { mode: null },
      untypedBody: { mode: 'random' },
    });
    expect(refused.expectBody(400).errors?.[0]?.field).toBe('mode');
  });

  it('the site’s mode and limit are settings under Tickets', async () => {
    const saved = await admin.patch('/settings', { body: { tickets: { assignment_mode: 'round_robin', open_ticket_limit: 30 } } });
    expect(saved.status).toBe(200);
    const refused = await admin.patch('/settings', { body: { tickets: { assignment_mode: 'everyone' } } });
    expect(refused.status).toBe(400);
  });
});
