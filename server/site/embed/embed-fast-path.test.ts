import type { AddressInfo } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHooks } from '../../hooks/create-hooks.js';
import { registerCanonicalRedirect } from '../canonical-redirect.js';
import { takeEarlyFront } from '../early-front.js';
import { prepareEmbedAssets } from './embed-assets.js';
import { embedServerFactory } from './embed-fast-path.js';

// The server factory on its own: what reaches "Fastify" is answered 599 with the path and whether
// template_redirect already ran for it, so each test sees which way a request went.
async function start(hooks: ReturnType<typeof createHooks>) {
  const assets = prepareEmbedAssets('var HELPDESK_HOME_URL = "http://help.test";\nwidget();');
  const factory = embedServerFactory({ assets, basePath: '', hooks });
  const server = factory((req, res) => {
    const early = takeEarlyFront(req);
    res.writeHead(599, { 'x-early': early ? 'yes' : 'no' }).end(req.url);
  }, {} as FastifyServerOptions);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, assets };
}

describe('the widget fast path', () => {
  let close = () => {};
  afterEach(() => close());

  it('answers the slashed address without running template_redirect while only the canonical redirect is hooked', async () => {
    const hooks = createHooks();
    registerCanonicalRedirect(hooks, 'http://help.test');
    const doAction = vi.spyOn(hooks, 'doAction');
    const { server, base, assets } = await start(hooks);
    close = () => server.close();
    for (const path of ['/helpdesk/tickets/embed/', '/helpdesk/tickets/embed/?v=3']) {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(assets.identity.body)).toBe(true);
      expect(res.headers.get('etag')).toBe(assets.identity.etag);
    }
    expect(doAction).not.toHaveBeenCalled();
    // Without the slash the canonical redirect has work to do: it runs, and its 301 goes to the router.
    const unslashed = await fetch(`${base}/helpdesk/tickets/embed?x=1`, { redirect: 'manual' });
    expect(unslashed.status).toBe(599);
    expect(unslashed.headers.get('x-early')).toBe('yes');
    expect(doAction).toHaveBeenCalledTimes(1);
  });

  it('runs template_redirect again as soon as a site hooks it, even after start', async () => {
    const hooks = createHooks();
    registerCanonicalRedirect(hooks, 'http://help.test');
    const { server, base } = await start(hooks);
    close = () => server.close();
    expect((await fetch(`${base}/helpdesk/tickets/embed/`)).status).toBe(200);
    hooks.addAction(
      'template_redirect',
      'acme/embed-off',
      (request) => {
        if (request.queryVars.helpdesk_tickets_embed) request.status(404).exit();
      },
      5,
    );
    const off = await fetch(`${base}/helpdesk/tickets/embed/`);
    expect(off.status).toBe(599);
    expect(off.headers.get('x-early')).toBe('yes');
    hooks.removeAction('template_redirect', 'acme/embed-off');
    expect((await fetch(`${base}/helpdesk/tickets/embed/`)).status).toBe(200);
  });
});
