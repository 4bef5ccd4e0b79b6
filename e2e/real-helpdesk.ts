// The real helpdesk (SQLite in a temp folder) on one loopback port, and a host site on another.
import { createServer } from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/tables.js';
import { closeServer, listen, startE2eService } from './start-e2e-service.js';

export interface StoredTicket {
  id: number;
  title: string;
  content: string;
  email: string;
  name: string;
  product: string | null;
  terms: Record<string, string>;
  meta: Record<string, string>;
}

export interface RealHelpdesk {
  /** HELPDESK_HOME_URL of the service, e.g. http://127.0.0.1:41234 or …/help. */
  homeUrl: string;
  /** Origin of the host site that embeds the widget. */
  hostOrigin: string;
  db: Kysely<Database>;
  /** Tickets filed against the account of this email, with their terms (slugs) and meta. */
  ticketsOf(email: string): Promise<StoredTicket[]>;
  /** Rows in the tables a submission writes, once the worker has fanned out every queued ticket event. */
  countRows(): Promise<Record<string, number>>;
  /** Tickets → Submission → "Create accounts for new clients", through the management API. */
  setCreateAccounts(on: boolean): Promise<void>;
  /** Tickets → Submission → "Don't reveal whether an email has an account". */
  setHideAccounts(on: boolean): Promise<void>;
  /** The management API with the admin's token (PATCH /settings, POST /docs/…); throws on a non-2xx. */
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** The CSP of the brief: scripts and connections to the help site only, no styles at all. */
const strictCsp = (help: string) => `default-src 'none'; script-src ${help}; connect-src ${help}; style-src 'none'`;
// The hostile page needs its own stylesheet, so it allows 'self' (still no inline styles).
const hostileCsp = (help: string) => `default-src 'none'; script-src ${help}; connect-src ${help}; style-src 'self'`;

const HOSTILE_CSS = `
*, *::before, *::after { font: italic 30px/3 "Comic Sans MS", serif !important; color: #f0f !important;
  letter-spacing: 3px !important; text-transform: uppercase !important; box-sizing: content-box !important;
  z-index: 2147483647 !important; }
button, input, select, textarea, form, label, div, p, h2 { display: none !important;
  border: 9px dashed lime !important; padding: 40px !important; background: yellow !important; }
body { background: #ffd !important; }
.overlay { position: fixed !important; inset: 0 !important; display: block !important;
  z-index: 2147483647 !important; background: rgba(255, 0, 0, .08) !important; }
`;

const hostPage = (homeUrl: string, extraHead: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host shop</title>${extraHead}
<script src="${homeUrl}/helpdesk/tickets/embed/" async></script>
</head><body><main><h1>Host shop</h1><p><a href="#top">Our products</a></p>
<form action="#"><label>Search <input name="q"></label> <button type="button">Go</button></form></main>
<div class="overlay"></div></body></html>`;

/** A foreign site embedding the widget of `homeUrl`: `/strict` (the brief's CSP) and `/hostile` (its CSS too). */
export async function startHostSite(homeUrl: string): Promise<{ origin: string; close(): Promise<void> }> {
  const host = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const html = (csp: string, body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
      res.end(body);
    };
    // A CSP source with a path ending in "/" allows everything below it: the help site only.
    if (path === '/strict') return html(strictCsp(`${homeUrl}/`), hostPage(homeUrl, ''));
    if (path === '/hostile') return html(hostileCsp(`${homeUrl}/`), hostPage(homeUrl, '<link rel="stylesheet" href="/hostile.css">'));
    if (path === '/hostile.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      return void res.end(HOSTILE_CSS);
    }
    res.writeHead(404).end();
  });
  // "localhost" and "127.0.0.1" are different sites to the browser, so the host page is truly foreign
  // (cross-site, not only cross-origin): Cross-Origin-Resource-Policy and cookies behave as in the wild.
  const origin = `http://localhost:${await listen(host)}`;
  return { origin, close: () => closeServer(host) };
}

/** Starts the helpdesk as `helpdesk serve` does (config from the environment, migrations, plugins), plus a host site. */
export async function startRealHelpdesk({ basePath = '' }: { basePath?: string } = {}): Promise<RealHelpdesk> {
  // Playwright fills the form in milliseconds; people take seconds (the minimum fill time has API tests).
  const { homeUrl, service, api, close } = await startE2eService({
    basePath,
    staff: [{ email: 'admin@help.test', name: 'Ada Admin', role: 'admin' }],
    settings: { tickets: { min_fill_seconds: 0 } },
  });
  await api('POST', '/products/', { name: 'Storefront' });
  await api('POST', '/products/', { name: 'Mobile app' });

  const host = await startHostSite(homeUrl);
  const hostOrigin = host.origin;
  const db = service.db.kysely;

  return {
    homeUrl,
    hostOrigin,
    db,
    api,
    async ticketsOf(email) {
      const rows = await db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.author_id')
        .leftJoin('posts as product', 'product.id', 'posts.product_id')
        .select(['posts.id', 'posts.title', 'posts.content', 'users.email', 'users.name', 'product.title as product'])
        .where('posts.type', '=', 'ticket')
        .where('users.email', '=', email.trim().toLowerCase())
        .orderBy('posts.id')
        .execute();
      return Promise.all(
        rows.map(async (row) => {
          const terms = await db
            .selectFrom('term_relationships')
            .innerJoin('terms', 'terms.id', 'term_relationships.term_id')
            .select(['term_relationships.taxonomy', 'terms.slug'])
            .where('term_relationships.post_id', '=', row.id)
            .execute();
          const meta = await db.selectFrom('post_meta').select(['meta_key', 'meta_value']).where('post_id', '=', row.id).execute();
          return {
            ...row,
            terms: Object.fromEntries(terms.map((t) => [t.taxonomy, t.slug])),
            meta: Object.fromEntries(meta.map((m) => [m.meta_key, m.meta_value])),
          };
        }),
      );
    },
    async countRows() {
      // The worker turns each queued ticket event into mail jobs in the background; counting once it
      // has none left keeps an earlier test's fan-out from landing between two counts.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const events = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '!=', 'mail')
          .where('state', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow();
        if (Number(events.n) === 0) break;
        if (Date.now() > deadline) throw new Error('The outbox still holds ticket events after 10 s.');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const counts: Record<string, number> = {};
      for (const table of ['users', 'posts', 'post_meta', 'term_relationships', 'jobs', 'idempotency_keys'] as const) {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
      return counts;
    },
    async setCreateAccounts(on) {
      await api('PATCH', '/settings', { tickets: { create_accounts: on } });
    },
    async setHideAccounts(on) {
      await api('PATCH', '/settings', { tickets: { hide_account_existence: on } });
    },
    async close() {
      await host.close();
      await close();
    },
  };
}
