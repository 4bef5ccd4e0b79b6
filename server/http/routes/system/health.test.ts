import { expect, it, onTestFinished, vi } from 'vitest';
import { createProcessHealth } from '../../../http/process-health.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../../../test/test-helpdesk.js';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describeEachDatabase('GET /healthz and /readyz: for load balancers', (dialect) => {
  const health = createProcessHealth();
  let workerRuns = true;
  health.mailWorker = () => workerRuns;
  const hd = useTestHelpdesk(dialect, { health });

  it('GET /healthz is 200 while the process serves, even when the database does not answer', async () => {
    const spy = vi.spyOn(hd.ctx.db, 'getExecutor').mockImplementation(() => {
      throw refused;
    });
    onTestFinished(() => spy.mockRestore());
    const res = await hd.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when the database answers, the migrations are applied and the mail worker runs', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', mail_worker: 'ok' } });
  });

  it('GET /readyz is a 503 problem with Retry-After naming the database while it does not answer, without its error', async () => {
    const spy = vi.spyOn(hd.ctx.db, 'getExecutor').mockImplementation(() => {
      throw refused;
    });
    onTestFinished(() => spy.mockRestore());
    const res = await hd.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', checks: { database: 'down' } });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('GET /readyz is a 503 naming the mail worker while this process’s worker is stopped', async () => {
    workerRuns = false;
    onTestFinished(() => {
      workerRuns = true;
    });
    const res = await hd.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { database: 'ok', migrations: 'ok', mail_worker: 'stopped' } });
    expect(res.json().detail).toContain('mail_worker: stopped');
  });

  it('GET /readyz does not wait for a mail worker that runs in another process', async () => {
    const web = await createTestHelpdesk(dialect);
    onTestFinished(() => web.close());
    const res = await web.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.mail_worker).toBe('elsewhere');
  });

  it('GET /readyz is a 503 naming the migrations while one this version knows is not applied', async () => {
    const behind = await createTestHelpdesk(dialect);
    onTestFinished(() => behind.close());
    const last = await behind.ctx.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    await behind.ctx.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', (last as { name: string }).name as never)
      .execute();
    const res = await behind.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toMatchObject({ database: 'ok', migrations: 'pending' });
  });

  it('takes no input and needs no sign-in, and stays out of the API document', async () => {
    expect((await hd.app.inject({ method: 'GET', url: '/healthz?check=deep' })).statusCode).toBe(200);
    expect((await hd.app.inject({ method: 'GET', url: '/readyz?check=deep' })).statusCode).toBe(200);
    const doc = (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/openapi.json' })).json();
    expect(JSON.stringify(Object.keys(doc.paths))).not.toMatch(/healthz|readyz/);
  });
});
