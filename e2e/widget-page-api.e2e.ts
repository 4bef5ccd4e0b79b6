// Issue 38 in Chromium: a foreign shop with a strict CSP (its own scripts and the help site's only, no inline
// script, no styles) drives the widget from its page: Helpdesk('identify', token), ('prefill', …), ('on', …) before
// the widget has loaded, the launcher hidden, the form opened from the shop's own button. The ticket is filed as the
// client the token names; a tampered token is refused in plain words and nothing is filed.
import { createServer } from 'node:http';
import { PAGE_API_STUB } from '../common/page-api-stub.js';
import { signIdentityToken } from '../server/identity/sign-identity-token.js';
import { axeViolations } from './axe.js';
import { dialog, expect, launcher, test } from './fixtures.js';
import { shotPath } from './shot-path.js';
import { closeServer, listen } from './start-e2e-service.js';

// What the shop's own script does: the queue line from the docs, then its calls, all before the widget has run.
const SHOP_JS = `${PAGE_API_STUB}
var log = document.getElementById('log');
var token = new URLSearchParams(location.search).get('token');
Helpdesk('on', 'open', function () { log.textContent += 'open;'; });
Helpdesk('on', 'close', function () { log.textContent += 'close;'; });
Helpdesk('on', 'ticket-created', function (e) { log.textContent += 'ticket-created #' + e.number + ';'; });
if (token) Helpdesk('identify', token);
Helpdesk('prefill', { subject: 'Order 1042 is late', order_id: '1042', name: 'Not Me', email: 'not-me@shop.test' });
document.getElementById('contact').addEventListener('click', function () { Helpdesk('open'); });
`;

async function startShop(homeUrl: string) {
  const csp = `default-src 'none'; script-src 'self' ${homeUrl}/; connect-src ${homeUrl}/; style-src 'none'`;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/shop.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(SHOP_JS);
    if (path !== '/account') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop account</title>
<script src="/shop.js" defer></script>
<script src="${homeUrl}/helpdesk/tickets/embed/" data-launcher="hidden" async></script>
</head><body><main><h1>Your orders</h1><button type="button" id="contact">Contact us</button>
<output id="log"></output></main></body></html>`);
  });
  const origin = `http://localhost:${await listen(server)}`;
  return { origin, close: () => closeServer(server) };
}

test.describe('the page API with a signed-in visitor', () => {
  let shop: { origin: string; close(): Promise<void> };
  let secret = '';
  test.beforeAll(async ({ rootHelpdesk }) => {
    shop = await startShop(rootHelpdesk.homeUrl);
    secret = (await rootHelpdesk.api<{ secret: string }>('POST', '/settings/identity-secret')).secret;
  });
  test.afterAll(async () => shop.close());

  const token = (email: string, over: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return signIdentityToken({ email, name: 'Vera Vouched', external_id: 'cust-88', iat: now, exp: now + 600, ...over }, secret);
  };

  test('identify, prefill and open from the page: name and email locked, filed as that client, ticket-created with the number', async ({
    page,
    helpdesk,
    pageErrors,
  }) => {
    const email = `vera-${Date.now()}@shop.test`;
    await page.goto(`${shop.origin}/account?token=${encodeURIComponent(token(email))}`);
    await page.getByRole('button', { name: 'Contact us' }).click();
    const d = dialog(page);
    await expect(d).toBeVisible();
    // The launcher stays hidden (data-launcher="hidden"): the shop's button opens the form.
    await expect(launcher(page)).toBeHidden();
    const name = d.getByLabel('Your Name');
    const mail = d.getByLabel('Your Email');
    await expect(name).toHaveValue('Vera Vouched');
    await expect(mail).toHaveValue(email);
    await expect(name).not.toBeEditable();
    await expect(mail).not.toBeEditable();
    // Focus starts where there is something to type.
    await expect(d.getByLabel('Subject')).toBeFocused();
    await expect(d.getByLabel('Subject')).toHaveValue('Order 1042 is late');
    await expect(d.getByLabel('Order ID')).toHaveValue('1042');
    await d.getByLabel('Description').fill('It has not arrived.');
    await d.getByRole('button', { name: 'Send ticket' }).click();

    const status = d.getByRole('status');
    await expect(status).toContainText('was filed');
    const number = Number(/#(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    await expect(page.locator('#log')).toHaveText(`open;ticket-created #${number};`);
    const [ticket] = await helpdesk.ticketsOf(email);
    expect(ticket).toMatchObject({
      name: 'Vera Vouched',
      email,
      title: 'Order 1042 is late',
      meta: { order: '1042', external_id: 'cust-88' },
    });
    await d.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.locator('#log')).toHaveText(`open;ticket-created #${number};close;`);
    // Focus goes back to the shop's own button.
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeFocused();
    expect(pageErrors).toEqual([]);
  });

  test('a tampered token is refused in plain words and nothing is filed', async ({ page, helpdesk, pageErrors }) => {
    const email = `eve-${Date.now()}@shop.test`;
    const [header, , signature] = token(`vera-${Date.now()}@shop.test`).split('.');
    const now = Math.floor(Date.now() / 1000);
    const changed = Buffer.from(JSON.stringify({ email, name: 'Eve', iat: now, exp: now + 600 })).toString('base64url');
    await page.goto(`${shop.origin}/account?token=${encodeURIComponent(`${header}.${changed}.${signature}`)}`);
    await page.getByRole('button', { name: 'Contact us' }).click();
    const d = dialog(page);
    await expect(d.getByLabel('Your Email')).toHaveValue(email);
    await d.getByLabel('Description').fill('Let me in.');
    const before = await helpdesk.countRows();
    await d.getByRole('button', { name: 'Send ticket' }).click();
    await expect(d.getByRole('alert')).toHaveText(
      'The sign-in token’s signature does not match: it was changed, or signed with another secret. Sign in on the site again.',
    );
    expect(await helpdesk.countRows()).toEqual(before);
    expect(await helpdesk.ticketsOf(email)).toEqual([]);
    await expect(page.locator('#log')).toHaveText('open;');
    // The browser logs the refused request (403) itself; nothing else went wrong.
    expect(pageErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });

  test.describe('axe-core (CSP bypassed only so that axe itself can be injected)', () => {
    test.use({ bypassCSP: true });

    test('the locked form has no violations, light and dark', async ({ page }, testInfo) => {
      await page.goto(`${shop.origin}/account?token=${encodeURIComponent(token(`axe-${Date.now()}@shop.test`))}`);
      await page.getByRole('button', { name: 'Contact us' }).click();
      const d = dialog(page);
      // The form comes after the widget's script and the token's check: on a loaded machine that is more than 5 s.
      await expect(d.getByLabel('Your Name')).not.toBeEditable({ timeout: 20_000 });
      await d.screenshot({ path: shotPath(testInfo, 'widget-identified.png') });
      expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await d.screenshot({ path: shotPath(testInfo, 'widget-identified-dark.png') });
      expect(await axeViolations(page)).toEqual([]);
    });

    test('"Only signed-in visitors": a visitor without a token is asked to sign in, no form', async ({ page, helpdesk }) => {
      await helpdesk.api('PATCH', '/settings', { tickets: { widget_require_identity: true } });
      try {
        await page.goto(`${shop.origin}/account`);
        await page.getByRole('button', { name: 'Contact us' }).click();
        const d = dialog(page);
        await expect(d.getByText('Please sign in on this site first')).toBeVisible();
        await expect(d.getByLabel('Subject')).toBeHidden();
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await helpdesk.api('PATCH', '/settings', { tickets: { widget_require_identity: false } });
      }
    });
  });
});
