// Two loopback servers for developing the widget without the real help site:
// a host page (one origin) and a minimal imitation of the help site's widget routes (another).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import englishWidget from '../../common/i18n/locales/en/widget.json' with { type: 'json' };
import { buildWidgetFilesScript, buildWidgetScript, buildWidgetSuggestScript } from '../../widget/build.js';

export type PostMode = 'ok' | 'file-then-drop' | 'invalid' | 'closed' | 'limited' | 'limited-hidden' | 'drop' | 'error';
export type ListKind = 'products' | 'reasons' | 'urgencies';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Imitation {
  hostOrigin: string;
  apiOrigin: string;
  /** Every request the help-site imitation received, in order. */
  requests: RecordedRequest[];
  /** The doc suggestions' and deflection events' requests (kept apart: the filing tests count `requests`). */
  deflection: RecordedRequest[];
  /** How the next POSTs are answered (stays until changed). */
  postMode: PostMode;
  /** A list to answer, or 'fail' for a 500. */
  lists: Record<ListKind, unknown[] | 'fail'>;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_LISTS: Record<ListKind, unknown[]> = {
  products: [
    { id: 11, name: 'Storefront', slug: 'storefront' },
    { id: 12, name: 'Mobile app', slug: 'mobile-app' },
  ],
  reasons: [
    { id: 21, name: 'Billing', slug: 'billing' },
    { id: 22, name: 'Bug report', slug: 'bug-report' },
  ],
  urgencies: [
    { id: 31, name: 'Low', slug: 'low' },
    { id: 32, name: 'High', slug: 'high' },
  ],
};

type Listed = { id: number; name: string };

/** GET /tickets/form/ as the help site answers it with the default fields and these lists. */
function formDefinition(lists: Record<ListKind, unknown[]>) {
  const choices = (kind: ListKind) => (lists[kind] as Listed[]).map((c) => ({ value: String(c.id), label: c.name }));
  const select = (name: string, label: string, kind: ListKind) => ({
    name,
    label,
    type: 'select',
    required: false,
    builtin: true,
    choices: choices(kind),
  });
  return {
    // The widget's own ink as the brand colour, so the style tests see the widget as before.
    site: { name: 'Imitation help', brand_color: '#1f2328', language: 'en' },
    lang: 'en',
    dir: 'ltr',
    position: 'right',
    // The widget's English texts as the form route sends them: keys without the `widget.` prefix.
    texts: Object.fromEntries(Object.entries(englishWidget).map(([key, text]) => [key.slice('widget.'.length), text])),
    fields: [
      { name: 'subject', label: 'Subject', type: 'text', required: true, builtin: true, max: 200 },
      { name: 'description', label: 'Description', type: 'textarea', required: true, builtin: true, max: 20000 },
      select('product', 'Product', 'products'),
      select('reason', 'Reason', 'reasons'),
      select('urgency', 'Urgency', 'urgencies'),
      { name: 'order_id', label: 'Order ID', type: 'text', required: false, builtin: true, max: 100 },
    ],
  };
}

/** The CSP the brief requires of a hostile-free host page. */
export const strictCsp = (api: string): string => `default-src 'none'; script-src ${api}; connect-src ${api}; style-src 'none'`;
// The hostile page needs its own stylesheet, so it allows 'self' (still no inline styles).
const hostileCsp = (api: string): string => `default-src 'none'; script-src ${api}; connect-src ${api}; style-src 'self'`;

const HOSTILE_CSS = `
:root { font-size: 5px !important; }
*, *::before, *::after { font: italic 30px/3 "Comic Sans MS", serif !important; color: #f0f !important;
  letter-spacing: 3px !important; text-transform: uppercase !important; box-sizing: content-box !important;
  visibility: visible; z-index: 2147483647 !important; }
body > * { position: static !important; display: inline !important; opacity: .95 !important; }
button, input, select, textarea, form, label, dialog, div, p, h2 { display: none !important;
  border: 9px dashed lime !important; padding: 40px !important; background: yellow !important; }
body { background: #ffd !important; }
.overlay { position: fixed !important; inset: 0 !important; display: block !important;
  z-index: 2147483647 !important; background: rgba(255, 0, 0, .08) !important; }
`;

const page = (api: string, extraHead: string, withScript: boolean): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host shop</title>${extraHead}
${withScript ? `<script src="${api}/helpdesk/tickets/embed/" async></script>` : ''}
</head><body><main><h1>Host shop</h1><p><a href="#top">Our products</a></p></main>
<div class="overlay"></div></body></html>`;

// A page still being parsed when the widget's async script runs: the script's load event (after it ran) lets the
// server send the rest, a full-page overlay at the top z-index, as some sites have (cookie walls, chat shades).
const lateOverlayCsp = (api: string): string =>
  `default-src 'none'; script-src ${api} 'nonce-late'; connect-src 'self' ${api}; style-src 'nonce-late'`;
const lateOverlayStart = (api: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host shop</title>
<style nonce="late">.overlay { position: fixed; inset: 0; z-index: 2147483647; background: rgba(255, 0, 0, .08); }</style>
<script id="helpdesk" src="${api}/helpdesk/tickets/embed/" async></script>
<script nonce="late">document.getElementById('helpdesk').addEventListener('load', () => fetch('/continue'));</script>
</head><body><main><h1>Host shop</h1><p>Loading the rest of the page…</p></main>
`;
const LATE_OVERLAY_END = '<div class="overlay"></div></body></html>';

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Starts both servers; the widget is built once per call. */
export async function startImitation(): Promise<Imitation> {
  const script = await buildWidgetScript();
  // The form's dialog and the attachment code: the second script, loaded when the launcher is first used.
  const dialogScript = await buildWidgetFilesScript();
  // The doc suggestions: the third script, loaded when the visitor first types 3 characters.
  const suggestScript = await buildWidgetSuggestScript();
  const tickets = new Map<string, number>();
  let nextId = 100;

  const api = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const recorded = { method: req.method ?? '', path, headers: req.headers, body };
    if (answerDeflection(recorded.method, path, res)) return void state.deflection.push(recorded);
    state.requests.push(recorded);
    answerApi(req.method ?? '', path, body, req, res);
  });

  const json = (res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void => {
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', ...headers });
    res.end(JSON.stringify(data));
  };
  const problem = (status: number, code: string, detail: string, extra: object = {}) => ({
    type: 'about:blank',
    title: code,
    status,
    detail,
    code,
    ...extra,
  });

  // Suggestions find nothing here; events are taken as the help desk takes them (204, any origin).
  const answerDeflection = (method: string, path: string, res: ServerResponse): boolean => {
    if (method === 'GET' && path === '/helpdesk/tickets/embed/suggest/') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      res.end(suggestScript);
    } else if (method === 'GET' && path === '/api/helpdesk/v1/docs/suggest') json(res, 200, { suggestions: [] });
    else if (method === 'POST' && path === '/api/helpdesk/v1/widget-events')
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    else return false;
    return true;
  };

  const answerApi = (method: string, path: string, body: string, req: IncomingMessage, res: ServerResponse) => {
    if (method === 'GET' && path === '/helpdesk/tickets/embed/') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      res.end(`var HELPDESK_HOME_URL = ${JSON.stringify(state.apiOrigin)};\n${script}`);
      return;
    }
    if (method === 'GET' && path === '/helpdesk/tickets/embed/files/') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      res.end(dialogScript);
      return;
    }
    const list = /^\/api\/helpdesk\/v1\/tickets\/(products|reasons|urgencies)\/$/.exec(path)?.[1] as ListKind | undefined;
    if (method === 'GET' && list) {
      const value = state.lists[list];
      return value === 'fail' ? json(res, 500, problem(500, 'INTERNAL', 'boom')) : json(res, 200, value);
    }
    if (method === 'GET' && path === '/api/helpdesk/v1/tickets/form/') {
      // A failing list fails the form too, so the widget's fallback to the three lists is exercised.
      if (Object.values(state.lists).includes('fail')) return json(res, 500, problem(500, 'INTERNAL', 'boom'));
      return json(res, 200, formDefinition(state.lists as Record<ListKind, unknown[]>));
    }
    if (method === 'POST' && path === '/api/helpdesk/v1/tickets/') {
      return answerPost(new URLSearchParams(body), req, res);
    }
    // No CORS headers here: a preflight (OPTIONS) would fail, which the tests would notice.
    res.writeHead(404).end();
  };

  const answerPost = (form: URLSearchParams, req: IncomingMessage, res: ServerResponse) => {
    switch (state.postMode) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'error':
        return json(res, 503, problem(503, 'UNAVAILABLE', 'Try later.'));
      case 'closed':
        return json(res, 403, problem(403, 'REGISTRATION_CLOSED', 'Registration is closed.'));
      case 'limited':
        return json(res, 429, problem(429, 'RATE_LIMITED', 'Slow down.'), {
          'retry-after': '120',
          'access-control-expose-headers': 'Retry-After',
        });
      case 'limited-hidden':
        return json(res, 429, problem(429, 'RATE_LIMITED', 'Slow down.'), { 'retry-after': '120' });
      case 'invalid':
        return json(
          res,
          400,
          problem(400, 'VALIDATION_FAILED', 'The ticket has errors.', {
            errors: [
              { field: 'email', pointer: '#/email', detail: 'must be a valid email address' },
              { field: 'coupon', pointer: '#/coupon', detail: 'coupon codes are not accepted here' },
            ],
          }),
        );
      case 'ok':
      case 'file-then-drop': {
        // Same key, same ticket: a replay answers 200 with the first ticket.
        const key = form.get('idempotency_key') ?? '';
        const known = tickets.get(key);
        const id = known ?? nextId++;
        tickets.set(key, id);
        // The ticket exists but every answer is lost on the way back (Chromium itself may
        // resend a POST whose reused connection was reset, so one drop is not enough).
        if (state.postMode === 'file-then-drop') return void req.socket.destroy();
        return json(res, known === undefined ? 201 : 200, { id, status: 'open' });
      }
    }
  };

  // /late-overlay: the page's body is sent in two parts, the second (its overlay) only once the widget's script has
  // run in the first (the page's own script asks for /continue from the script's load event).
  let continuePage: (() => void) | undefined;
  const host = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/late-overlay') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': lateOverlayCsp(state.apiOrigin) });
      res.write(lateOverlayStart(state.apiOrigin));
      continuePage = () => res.end(LATE_OVERLAY_END);
      return;
    }
    if (path === '/continue') {
      continuePage?.();
      return void res.writeHead(204).end();
    }
    const apiOrigin = state.apiOrigin;
    const html = (csp: string, body: string): void => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
      res.end(body);
    };
    if (path === '/strict') return html(strictCsp(apiOrigin), page(apiOrigin, '', true));
    if (path === '/blank') return html(strictCsp(apiOrigin), page(apiOrigin, '', false));
    if (path === '/hostile') {
      return html(hostileCsp(apiOrigin), page(apiOrigin, '<link rel="stylesheet" href="/hostile.css">', true));
    }
    if (path === '/hostile.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      return void res.end(HOSTILE_CSS);
    }
    res.writeHead(404).end();
  });

  const state: Imitation = {
    hostOrigin: await listen(host),
    apiOrigin: await listen(api),
    requests: [],
    deflection: [],
    postMode: 'ok',
    lists: { ...DEFAULT_LISTS },
    reset() {
      state.requests.length = 0;
      state.deflection.length = 0;
      tickets.clear();
      nextId = 100;
      state.postMode = 'ok';
      state.lists = { ...DEFAULT_LISTS };
    },
    async close() {
      for (const server of [host, api]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
  return state;
}
