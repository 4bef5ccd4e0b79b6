import { expect, it, onTestFinished, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('GET /healthz: for load balancers', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('GET /healthz is 200 while the database answers', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is a 503 problem with Retry-After while the database does not answer', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const spy = vi.spyOn(hd.ctx.db, 'getExecutor').mockImplementation(() => {
      throw refused;
    });
    onTestFinished(() => spy.mockRestore());
    const res = await hd.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('takes no input and needs no sign-in, and stays out of the API document', async () => {
    expect((await hd.app.inject({ method: 'GET', url: '/healthz?check=deep' })).statusCode).toBe(200);
    const doc = (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/openapi.json' })).json();
    expect(JSON.stringify(Object.keys(doc.paths))).not.toContain('healthz');
  });
});
