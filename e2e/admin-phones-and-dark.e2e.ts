// Where features meet: every admin screen and help-site page on a phone (360 and 390 px wide:
// nothing scrolls sideways, the inbox's first screen shows tickets), and axe on every admin screen in dark
// mode as in light. A fresh install's state: no SMTP (the checklist names a long .eml folder), the widget
// refusing new visitors (the inbox warns of it), long unbreakable words, "Urgent" and "High" tickets.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

const hd = useAdminHelpdesk({ withoutSmtp: true });
// The second ticket's number (#2): the admin app's and help site's addresses name tickets by it.
let ticketNumber = 0;
// Dots give no place to break a line: the address must wrap anywhere, or the ticket's side column sticks out.
const CLIENT = 'casey.with.a.rather.long.address.for.testing@client.company.example.test';

test.beforeAll(async () => {
  const urgencies = (await (await fetch(`${hd.homeUrl}/api/helpdesk/v1/tickets/urgencies/`)).json()) as { id: number; slug: string }[];
  const urgency = (slug: string) => String(urgencies.find((u) => u.slug === slug)?.id);
  await hd.fileTicket(CLIENT, 'Invoice address', { urgency: urgency('high') });
  const ticketId = await hd.fileTicket(CLIENT, 'The checkout button stays greyed out after I change the shipping address twice', {
    urgency: urgency('urgent'),
    description: `Order https://shop.example.test/orders/${'0123456789'.repeat(8)} fails: ${'unbreakable'.repeat(10)}.`,
  });
  ticketNumber = await hd.ticketNumber(ticketId);
  // Then the install default: only people who already have an account may file.
  await hd.api('PATCH', '/settings', { tickets: { create_accounts: false } });
});

/** Every screen of the admin app (admin/src/app.tsx), by its path under /admin/. */
const ADMIN_SCREENS = () => [
  '',
  `tickets/${ticketNumber}`,
  'replies',
  'docs',
  'satisfaction',
  'products',
  'reasons',
  'urgencies',
  'statuses',
  'agents',
  'accounts',
  'tokens',
  'webhooks',
  'settings',
  'settings/general',
  'notifications',
];
/** The help site's pages, as the admin sees them (the setup's are on its theme too) and as a client does. */
const SITE_PAGES = ['/', '/docs/', '/login/', '/tickets/new/', '/admin/setup/', '/admin/setup/embed/', '/admin/setup/try/'];
const CLIENT_PAGES = () => ['/tickets/', `/tickets/?ticket=${ticketNumber}`, '/tickets/new/'];

async function openAdmin(page: Page, path: string): Promise<void> {
  await page.goto(`${hd.homeUrl}/admin/${path}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const sideways = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

async function clientPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'hd_session', value: await hd.clientSession(CLIENT), url: `${hd.homeUrl}/` }]);
  return context.newPage();
}

test('on a phone nothing scrolls sideways, and the inbox shows a ticket on its first screen under the warning', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  const client = await clientPage(browser);
  const wide: string[] = [];
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await client.setViewportSize({ width, height: 844 });
    for (const path of ADMIN_SCREENS()) {
      await openAdmin(page, path);
      const { scrollWidth } = await sideways(page);
      if (scrollWidth > width) wide.push(`${width} px: /admin/${path} is ${scrollWidth} px wide`);
    }
    for (const [who, p, paths] of [
      ['admin', page, SITE_PAGES],
      ['client', client, CLIENT_PAGES()],
    ] as const) {
      for (const path of paths) {
        expect((await p.goto(hd.homeUrl + path))?.status()).toBe(200);
        const { scrollWidth } = await sideways(p);
        if (scrollWidth > width) wide.push(`${width} px: ${path} (${who}) is ${scrollWidth} px wide`);
      }
    }

    // The inbox: the warning that the widget refuses new visitors, then tickets within the first screen (the
    // second one, filed first, included), the checklist below them.
    await openAdmin(page, '');
    await expect(page.getByText('The widget refuses new visitors:')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Finish setting up' })).toBeAttached();
    const subject = page.getByRole('link', { name: 'Invoice address' });
    const box = await subject.boundingBox();
    expect
      .soft(box && box.y + box.height, `${width} px: the second ticket's subject ends within the first screen`)
      .toBeLessThanOrEqual(844);
    // The filters are a tap away.
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByLabel('Urgency')).toBeVisible();
    // The bell's list stays on the screen.
    await page.getByRole('button', { name: /Notifications/ }).click();
    const list = await page.getByRole('region', { name: 'Notifications' }).boundingBox();
    expect(list && [list.x >= 0, list.x + list.width <= width], `${width} px: the notifications list is on the screen`).toEqual([
      true,
      true,
    ]);
    await page.keyboard.press('Escape');
    // The account's links open with the menu.
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  }
  expect(wide).toEqual([]);
  await client.context().close();

  // With the widget switched off, the warning says so and links to the switch.
  await hd.api('PATCH', '/settings', { tickets: { intake_enabled: false } });
  try {
    await openAdmin(page, '');
    await expect(page.getByText('The widget takes no tickets:')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings → Tickets' })).toHaveAttribute('href', /\/admin\/settings\/tickets$/);
  } finally {
    await hd.api('PATCH', '/settings', { tickets: { intake_enabled: true } });
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on any admin screen in ${colorScheme} mode`, async ({ browser }) => {
    test.setTimeout(60_000);
    // bypassCSP only so that axe can be injected.
    const context = await browser.newContext({ colorScheme, bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToAdmin(page, hd.homeUrl, ADMIN);
    const found: string[] = [];
    for (const path of ADMIN_SCREENS()) {
      await openAdmin(page, path);
      for (const v of await axeViolations(page))
        found.push(`/admin/${path}: ${v.id} (${v.help}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    }
    // The owner's setup pages, on the help site's theme, with their warnings that the widget refuses new visitors.
    for (const path of ['/admin/setup/', '/admin/setup/embed/']) {
      await page.goto(hd.homeUrl + path);
      await expect(page.locator('.notice.warning', { hasText: 'already have an account' })).toContainText('already have an account');
      for (const v of await axeViolations(page))
        found.push(`${path}: ${v.id} (${v.help}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    }
    // The inbox on a phone too: its folded filters, the warning and the checklist after the tickets.
    await page.setViewportSize({ width: 390, height: 844 });
    await openAdmin(page, '');
    for (const v of await axeViolations(page))
      found.push(`/admin/ at 390 px: ${v.id} (${v.help}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    expect(found).toEqual([]);
    await context.close();
  });
}
