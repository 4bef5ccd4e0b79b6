import { afterAll, beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

// CORS and body parsing are behaviour on the wire: these tests use a real socket and fetch.
describeEachDatabase('tickets route over a real socket', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let base = '';
  beforeAll(async () => {
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
  });
  afterAll(() => hd.app.close());

  it('accepts a form-encoded submission from another origin with CORS for any origin and no credentials', async () => {
    const form = new URLSearchParams({ ...ticketPayload(), order_id: 'A-1', product: '' });
    const res = await fetch(`${base}/api/helpdesk/v1/tickets/`, {
      method: 'POST',
      body: form,
      headers: { origin: 'https://shop.example' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await res.json()).toEqual({ id: expect.any(Number), number: expect.any(Number), status: 'open' });
  });

  it('accepts the same route without the trailing slash', async () => {
    const res = await fetch(`${base}/api/helpdesk/v1/tickets`, {
      method: 'POST',
      body: JSON.stringify(ticketPayload()),
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
    });
    expect(res.status).toBe(201);
  });

  it('answers a JSON preflight for the public route', async () => {
    const res = await fetch(`${base}/api/helpdesk/v1/tickets/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('error responses of the public route carry CORS headers too, so the widget can read them', async () => {
    const res = await fetch(`${base}/api/helpdesk/v1/tickets/`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'x' }),
      headers: { origin: 'https://shop.example' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps CORS off the management routes, preflight included', async () => {
    const origin = { origin: 'https://evil.example' };
    const settings = await fetch(`${base}/api/helpdesk/v1/settings`, { headers: origin });
    expect(settings.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base}/api/helpdesk/v1/products/`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // Same path as the public docs list, but a management method.
    const createDoc = await fetch(`${base}/api/helpdesk/v1/docs/`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(createDoc.headers.get('access-control-allow-origin')).toBeNull();
    const deleteDoc = await fetch(`${base}/api/helpdesk/v1/docs/1`, { method: 'DELETE', headers: origin });
    expect(deleteDoc.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lookups are CORS-enabled and cacheable with an ETag', async () => {
    const res = await fetch(`${base}/api/helpdesk/v1/tickets/urgencies/`, { headers: { origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toContain('max-age=');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/api/helpdesk/v1/tickets/urgencies/`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });
});
