import { beforeAll, expect, it } from 'vitest';
import { REFUSAL_REASONS } from '../../../intake/guard-intake.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase("GET /intake/stats: today's refusals of the public intake, for admins", (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: Headers;
  const stats = (headers: Headers = {}) => hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/intake/stats', headers });

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    admin = await hd.authAs('admin');
  });

  it("counts every reason for today's UTC day, and a refused filing under its reason", async () => {
    const before = await stats(admin);
    expect(before.statusCode).toBe(200);
    expect(before.json().date).toBe(new Date().toISOString().slice(0, 10));
    expect(Object.keys(before.json().refused).sort()).toEqual([...REFUSAL_REASONS].sort());

    const filed = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ website: 'https://spam.example' }),
    });
    expect(filed.statusCode).toBeGreaterThanOrEqual(400);
    expect((await stats(admin)).json().refused.honeypot).toBe(before.json().refused.honeypot + 1);
  });

  it('agents, clients and visitors are refused: the route takes no input to get wrong', async () => {
    expect((await stats(await hd.authAs('agent'))).statusCode).toBe(403);
    expect((await stats(await hd.authAs('client'))).statusCode).toBe(403);
    const anonymous = await stats();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
  });
});
