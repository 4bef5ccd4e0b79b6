// The pseudo-locale walk: every page of the help site, the widget on a foreign page and every screen of the admin
// app, shown with `?lang=en-XA`. Every text from a catalogue then reads ⟦Ŝéñð ţíçķéţ ~~⟧, and every text the seed
// put in the database is bracketed too (⟦Seed …⟧), so a word outside ⟦…⟧ on a screen came from code: a text not
// yet in the catalogues. One service, one browser, one test; each area (help site, widget, admin app) is reported
// on its own as a list of "screen: text (element)" lines.
import { createServer } from 'node:http';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { createSession } from '../server/auth/sessions.js';
import { type SmtpSink, startSmtpSink } from '../server/test/smtp-sink.js';
import { closeServer, type E2eService, listen, startE2eService } from './start-e2e-service.js';

const LANG = 'en-XA';
const ADMIN = { email: 'admin@help.test', name: '⟦Seed Ada Admin⟧', password: 'admin password 1' };
const AGENT = { email: 'agent@help.test', name: '⟦Seed Alex Agent⟧', password: 'agent password 1' };
const CLIENT = { email: 'casey@client.test', name: '⟦Seed Casey Client⟧' };
const DOC = { title: '⟦Seed: Fixing a stuck printer queue⟧', slug: 'printer-queue', content: '⟦Seed: Restart the spooler.⟧' };

let hd: E2eService;
let smtp: SmtpSink;
let host: { origin: string; close(): Promise<void> };
/** Ticket numbers (what the addresses use): one open with a thread, one resolved (it asks for a rating). */
const seeded = { open: 0, resolved: 0, ratingLink: '' as string | null };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink();
  hd = await startE2eService({
    env: { SMTP_URL: smtp.url },
    staff: [
      { ...ADMIN, role: 'admin' },
      { ...AGENT, role: 'agent' },
    ],
    settings: { tickets: { create_accounts: true, min_fill_seconds: 0 } },
  });
  await seed();
  host = await startForeignSite(hd.homeUrl);
});

test.afterAll(async () => {
  await host?.close();
  await hd?.close();
  await smtp?.close();
});

/**
 * Everything a screen shows that people typed — the site's name, products, docs, tickets, names, saved replies,
 * and the reasons, urgencies and statuses (the owner's words, editable in the admin app) — bracketed, so that it
 * reads as "from elsewhere" to the walk.
 */
async function seed(): Promise<void> {
  const { api } = hd;
  await api('PATCH', '/../../site/v1/options', { site_name: '⟦Seed Help⟧' });
  await api('POST', '/products/', { name: '⟦Seed Storefront⟧' });
  await api('POST', '/docs/', DOC);
  for (const [read, write] of [
    ['/tickets/reasons/', '/reasons/'],
    ['/tickets/urgencies/', '/urgencies/'],
    ['/statuses/', '/statuses/'],
  ] as const) {
    for (const term of await api<Array<{ id: number; name: string; client_label?: string | null }>>('GET', read)) {
      const bracketed = { name: `⟦Seed ${term.name}⟧`, ...(term.client_label && { client_label: `⟦Seed ${term.client_label}⟧` }) };
      await api('PATCH', `${write}${term.id}`, bracketed);
    }
  }
  await api('POST', '/saved-replies/', { title: '⟦Seed: Greeting⟧', text: '⟦Seed: Hello, thanks for writing.⟧', shared: true });

  const open = await fileTicket('⟦Seed: Printer queue stuck⟧');
  await api('POST', `/tickets/${open}/comments`, { text: '⟦Seed: Please restart the spooler.⟧' });
  await api('POST', `/tickets/${open}/comments`, { text: '⟦Seed: Note for the team.⟧', internal: true });
  const resolved = await fileTicket('⟦Seed: Refund never arrived⟧');
  await api('PATCH', `/tickets/${resolved}`, { status: 'resolved' });
  seeded.open = await numberOf(open);
  seeded.resolved = await numberOf(resolved);
  seeded.ratingLink = await ratingLink();
}

async function fileTicket(subject: string): Promise<number> {
  const res = await fetch(`${hd.homeUrl}/api/helpdesk/v1/tickets/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: CLIENT.name, email: CLIENT.email, subject, description: '⟦Seed: It does not work.⟧' }),
  });
  if (res.status !== 201) throw new Error(`seeding a ticket: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function numberOf(id: number): Promise<number> {
  const row = await hd.service.db.kysely.selectFrom('posts').select('number').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.number);
}

/** The "Did this solve it?" link of the resolved mail, or null when no such mail came (the page is then skipped). */
async function ratingLink(): Promise<string | null> {
  const isAsk = (m: { to: string[]; raw: string }) => m.to.includes(CLIENT.email) && m.raw.includes('rating');
  try {
    const mail = (await smtp.waitFor((all) => all.some(isAsk), 'the resolved mail')).find(isAsk);
    const html = String((await simpleParser(mail?.raw ?? '')).html);
    return /href="([^"]+\/rating\/\?token=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
  } catch {
    return null;
  }
}

/** A shop on another origin embedding the widget in the pseudo-locale, by the script's `data-lang`. */
async function startForeignSite(homeUrl: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${homeUrl}/helpdesk/tickets/embed/" data-lang="${LANG}" async></script></head>
<body><p translate="no">A foreign shop, in its own words.</p></body></html>`);
  });
  const origin = `http://localhost:${await listen(server)}`;
  return { origin, close: () => closeServer(server) };
}

const withLang = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${LANG}`;

/**
 * What a screen shows outside the catalogues: the visible text nodes of the document and of every open shadow
 * root, plus the attributes people read or hear (aria-label, title, placeholder, alt, a button's value) and the
 * document's title, with every ⟦…⟧ span (nested ones too, and one a rich message splits over several elements)
 * taken out; what still has two letters in a row is reported. Not looked at: `<time>` (dates and times are Intl's,
 * in the reader's language), `<code>`, `<kbd>`, `<pre>`, `translate="no"`, anything inside an element marked with
 * a `lang` other than the pseudo-locale's (a language menu names each language in itself: `<option lang="de">
 * Deutsch</option>`), what is typed
 * in inputs and text areas, email addresses and URLs (data).
 */
async function untranslatedTexts(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((withinSelector) => {
    const SKIP = 'time, code, kbd, pre, samp, script, style, noscript, template, textarea, [translate="no"]';
    const ATTRIBUTES = ['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'aria-placeholder', 'aria-roledescription'];
    // Another language on purpose (a language menu's `<option lang="de">Deutsch</option>`, `lang="en"` for
    // "English"): an element inside one whose `lang` is not the pseudo-locale's. The page's own `lang` is checked
    // apart (look), so `<html lang="en">` does not exempt the whole page.
    const OTHER_LANGUAGE = (el: Element) => {
      const marked = el.closest('[lang]');
      return marked !== null && marked !== document.documentElement && marked.getAttribute('lang')?.toLowerCase() !== 'en-xa';
    };
    const found: string[] = [];
    const where = (el: Element) =>
      el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/)[0]}` : '');
    // Text left after taking out ⟦…⟧ spans, email addresses and URLs; `depth` carries across text nodes.
    let depth = 0;
    const outside = (text: string) => {
      let kept = '';
      for (const ch of text) {
        if (ch === '⟦') depth += 1;
        else if (ch === '⟧') depth = Math.max(0, depth - 1);
        kept += depth === 0 && ch !== '⟧' ? ch : ' ';
      }
      return kept.replace(/\S+@\S+\.\w+/g, ' ').replace(/\bhttps?:\/\/\S+/g, ' ');
    };
    const words = (text: string) => /\p{L}{2,}/u.test(text);
    const skipped = (el: Element) => {
      if (el.closest(SKIP)) return true;
      return OTHER_LANGUAGE(el);
    };
    const visible = (el: Element) => {
      // An option is read when its select is on screen; visually hidden text (clipped) is read by screen readers.
      const shown = el.closest('select') ?? el;
      return shown.checkVisibility({ visibilityProperty: true });
    };
    const attributeText = (el: Element) => {
      for (const name of ATTRIBUTES) {
        const value = el.getAttribute(name);
        if (value) {
          depth = 0;
          const left = outside(value);
          if (words(left)) found.push(`${name}="${value.trim()}" (${where(el)})`);
        }
      }
      const type = el.getAttribute('type');
      if (el.tagName === 'INPUT' && (type === 'submit' || type === 'button' || type === 'reset')) {
        const value = (el as HTMLInputElement).value;
        depth = 0;
        if (words(outside(value))) found.push(`value="${value}" (${where(el)})`);
      }
    };
    const walk = (root: Node) => {
      for (const node of Array.from(root.childNodes)) {
        if (node.nodeType === Node.TEXT_NODE) {
          const parent = node.parentElement;
          const left = outside(node.textContent ?? '');
          if (parent && words(left) && !skipped(parent) && visible(parent))
            found.push(`${left.replace(/\s+/g, ' ').trim()} (${where(parent)})`);
        } else if (node.nodeType === Node.ELEMENT_NODE) {
          const el = node as Element;
          if (el.matches('script, style, template')) continue;
          const saved = depth;
          if (!skipped(el) && visible(el)) attributeText(el);
          depth = saved;
          if (el.shadowRoot) {
            depth = 0;
            walk(el.shadowRoot);
            depth = saved;
          }
          walk(el);
        }
      }
    };
    const root = withinSelector ? document.querySelector(withinSelector) : document.body;
    if (!withinSelector && words(outside(document.title))) found.push(`<title>${document.title}</title>`);
    depth = 0;
    if (root && withinSelector) {
      // The element itself (a custom element: its attributes, then its shadow tree) and what it holds.
      if (root.shadowRoot) walk(root.shadowRoot);
      walk(root);
    } else if (root) walk(root);
    return [...new Set(found)];
  }, within);
}

/**
 * Collects one screen's findings; `problems` gathers every screen's, reported together at the end. The page (or,
 * for the widget, its shadow tree) must say it is in the pseudo-locale, or the walk would be reading English.
 */
async function look(page: Page, screen: string, problems: Problems, { widget = false } = {}): Promise<void> {
  const lang = await page.evaluate((inWidget) => {
    if (!inWidget) return document.documentElement.getAttribute('lang');
    const host = document.querySelector('helpdesk-widget');
    return host?.getAttribute('lang') ?? host?.shadowRoot?.querySelector('[lang]')?.getAttribute('lang') ?? null;
  }, widget);
  if (lang !== LANG) {
    const where = widget ? 'the widget (its host element or shadow tree) has no' : 'the page has';
    problems.add(screen, `${where} lang="${LANG}" (found ${lang === null ? 'none' : `"${lang}"`}): the language asked for was not applied`);
  }
  for (const text of await untranslatedTexts(page, widget ? 'helpdesk-widget' : undefined)) problems.add(screen, text);
}

/**
 * One area's findings as "screen: text (element)" lines; a text already reported on an earlier screen of the area
 * (the top bar, the launcher) is not repeated.
 */
class Problems {
  readonly lines: string[] = [];
  private readonly seen = new Set<string>();
  add(screen: string, text: string): void {
    if (this.seen.has(text)) return;
    this.seen.add(text);
    this.lines.push(`${screen}: ${text}`);
  }
}

/** Opens a page by its address and waits until it has drawn (nothing busy is left). */
async function visit(page: Page, url: string, screen: string, problems: Problems): Promise<boolean> {
  const res = await page.goto(url);
  if (res && res.status() >= 400) {
    problems.add(screen, `${url} answered ${res.status()}`);
    return false;
  }
  await settle(page);
  return true;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

function report(area: string, problems: Problems): void {
  const message =
    `${area}: ${problems.lines.length} texts outside the catalogues in the pseudo-locale (${LANG}), one ` +
    '"screen: text (element)" a line, each shown on that screen first.\n' +
    'Move each into common/i18n/locales/en/<part>.json (and the other languages) and show it through the translator; ' +
    'a name or data shown as typed: translate="no" on its element; a date: <time>. See docs/languages.md.\n\n' +
    problems.lines.join('\n') +
    '\n';
  expect.soft(problems.lines.length, message).toBe(0);
}

/** The help site's pages, as a visitor and as a signed-in client. */
async function walkHelpSite(browser: Browser, problems: Problems): Promise<void> {
  const visitor = await browser.newPage();
  const nothing = encodeURIComponent('⟦Seed nothing⟧');
  for (const [screen, path] of [
    ['help site: home', '/'],
    ['help site: docs list', '/docs/'],
    ['help site: docs search with no result', `/docs/?s=${nothing}`],
    ['help site: a doc', `/docs/${DOC.slug}/`],
    ['help site: sign-in', '/login/'],
    ['help site: forgotten password', '/login/forgot/'],
    ['help site: a page that is not there', '/no-such-page/'],
  ] as const) {
    const res = await visitor.goto(hd.homeUrl + withLang(path));
    if (res && res.status() >= 500) problems.add(screen, `answered ${res.status()}`);
    await settle(visitor);
    await look(visitor, screen, problems);
  }
  if (seeded.ratingLink) {
    if (await visit(visitor, withLang(seeded.ratingLink), 'help site: rating page', problems))
      await look(visitor, 'help site: rating page', problems);
  } else {
    problems.add('help site: rating page', 'the resolved mail with its "Did this solve it?" link never came; the page was not walked');
  }
  await visitor.close();

  // The client, signed in as their mailed link would sign them in.
  const context = await browser.newContext();
  const user = await hd.service.db.kysely.selectFrom('users').select('id').where('email', '=', CLIENT.email).executeTakeFirstOrThrow();
  await context.addCookies([{ name: 'hd_session', value: await createSession(hd.service.db.kysely, user.id), url: `${hd.homeUrl}/` }]);
  const client = await context.newPage();
  for (const [screen, path] of [
    ['help site: my tickets', '/tickets/'],
    ['help site: a ticket, as its client', `/tickets/?ticket=${seeded.open}`],
    ['help site: a resolved ticket, as its client', `/tickets/?ticket=${seeded.resolved}`],
    ['help site: new-ticket form', '/tickets/new/'],
  ] as const) {
    if (await visit(client, hd.homeUrl + withLang(path), screen, problems)) await look(client, screen, problems);
  }
  await context.close();
}

/** The widget on a foreign shop's page: the launcher, the form, the form's own errors, the thanks. */
async function walkWidget(browser: Browser, problems: Problems): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${host.origin}/`);
  const widget = page.locator('helpdesk-widget');
  const launcher = widget.locator('button.launch');
  await expect(launcher).toBeVisible();
  await look(page, 'widget: launcher', problems, { widget: true });

  await launcher.click();
  const form = widget.locator('form');
  await expect(form.locator('[name="email"]')).toBeVisible();
  await settle(page);
  await look(page, 'widget: the form', problems, { widget: true });

  // Sent empty: the widget's own messages for missing fields, if it shows any before the browser's.
  await form.locator('[type="submit"]').click();
  await look(page, 'widget: the form sent empty', problems, { widget: true });

  await form.locator('[name="name"]').fill(CLIENT.name);
  await form.locator('[name="email"]').fill('widget@client.test');
  await form.locator('[name="subject"]').fill('⟦Seed: From the widget⟧');
  await form.locator('[name="description"]').fill('⟦Seed: It does not work.⟧');
  await form.locator('[type="submit"]').click();
  await expect(widget.getByRole('status')).toContainText(/#\d+/);
  await look(page, 'widget: filed', problems, { widget: true });
  await page.close();
}

/** The admin app's screens by address (app.tsx), and the server-rendered admin pages beside it. */
function adminScreens(settingsTabs: string[]): Array<[string, string]> {
  return [
    ['admin: inbox', ''],
    ['admin: inbox, resolved tab and a search', `?status=resolved&search=${encodeURIComponent('⟦Seed nothing⟧')}`],
    ['admin: a ticket', `tickets/${seeded.open}`],
    ['admin: a resolved ticket', `tickets/${seeded.resolved}`],
    ...settingsTabs.map((tab): [string, string] => [`admin: Settings, ${tab} tab`, `settings/${tab}`]),
    ['admin: docs', 'docs'],
    ['admin: products', 'products'],
    ['admin: reasons', 'reasons'],
    ['admin: urgencies', 'urgencies'],
    ['admin: statuses', 'statuses'],
    ['admin: agents', 'agents'],
    ['admin: accounts', 'accounts'],
    ['admin: business hours', 'business-hours'],
    ['admin: service levels', 'service-levels'],
    ['admin: API tokens', 'tokens'],
    ['admin: webhooks', 'webhooks'],
    ['admin: saved replies', 'replies'],
    ['admin: my notifications', 'notifications'],
    ['admin: satisfaction', 'satisfaction'],
    // The staff member's own profile (language, time zone), where the app has one; otherwise this is the inbox again.
    ['admin: profile', 'profile'],
    ['admin: setup', 'setup/'],
    ['admin: setup, embed snippet', 'setup/embed/'],
    ['admin: setup, try the widget', 'setup/try/'],
    ['admin: classic settings', 'settings/classic/'],
  ];
}

/** The admin app's sign-in, then every screen of `adminScreens` as the admin. */
async function walkAdmin(browser: Browser, problems: Problems): Promise<void> {
  const signedOut = await browser.newPage();
  await signedOut.goto(`${hd.homeUrl}/admin/?lang=${LANG}`);
  await expect(signedOut.locator('input[type="password"]')).toBeVisible();
  await look(signedOut, 'admin: sign-in', problems);
  await signedOut.close();

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const admin = await hd.service.db.kysely.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  await context.addCookies([{ name: 'hd_session', value: await createSession(hd.service.db.kysely, admin.id), url: `${hd.homeUrl}/` }]);
  const page = await context.newPage();
  const schema = await hd.api<Record<string, unknown>>('GET', '/settings/schema');
  const tabs = ['general', ...Object.keys(schema).filter((tab) => tab !== 'general')];
  for (const [screen, path] of adminScreens(tabs)) {
    if (!(await visit(page, `${hd.homeUrl}/admin/${withLang(path)}`, screen, problems))) continue;
    // The app's screens have a heading once drawn; the server-rendered ones have one from the start.
    await expect(page.locator('h1, h2').first()).toBeVisible({ timeout: 10_000 });
    await settle(page);
    await look(page, screen, problems);
  }
  await context.close();
}

// One test, so that one service and one browser serve the whole walk (a failed test costs Playwright its worker,
// and the next would seed a service again); each area is reported on its own, and one stopping does not stop
// the others.
test('every screen in the pseudo-locale shows only catalogue texts and bracketed data', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [area, walk] of [
    ['help site', walkHelpSite],
    ['widget', walkWidget],
    ['admin app', walkAdmin],
  ] as const) {
    const problems = new Problems();
    await test.step(area, async () => {
      try {
        await walk(browser, problems);
      } catch (error) {
        problems.add(area, `the walk stopped: ${(error as Error).message.split('\n')[0]}`);
      }
      report(area, problems);
    });
  }
});
