// The XSS corpus (server/test/attack-corpus.ts) in Chromium: in every field of tickets shown by the
// admin app (inbox, ticket view with order id, custom fields and an agent reply in Markdown), and in
// the widget on a foreign page (its success message, and the server's refusal of an address).
// The help site's pages and the mail are checked structurally in server/security/xss.test.ts.
import type { Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../server/test/attack-corpus.js';
import { AGENT, useAdminHelpdesk } from './admin-helpdesk.js';
import { dialog, expect, filedTicketId, launcher, newEmail, openHostPage, sendButton, test } from './fixtures.js';

const CORPUS_TEXT = XSS_PAYLOADS.join('\n');

// Elements and attributes no payload may create. Inline handlers would also be blocked by the CSP,
// so the DOM itself is checked, not only whether a dialog opened.
const INJECTED = [
  'script:not([src])',
  'img',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'details',
  // The admin app's own <base> is in the head; an injected one would be in the body.
  'body base',
  'meta[http-equiv]',
  '[onerror]',
  '[onload]',
  '[ontoggle]',
  '[onclick]',
  'a[href^="javascript:" i]',
  'a[href^="data:" i]',
].join(',');

/** Counts injected elements in the document and in every open shadow root. */
async function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const scan = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll(selector)) found.push(el.outerHTML.slice(0, 120));
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) scan(el.shadowRoot);
    };
    scan(document);
    return found;
  }, INJECTED);
}

function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (d) => {
    opened.push(d.message());
    void d.dismiss();
  });
  return opened;
}

test.describe('admin app', () => {
  const hd = useAdminHelpdesk();
  test.beforeAll(async () => {
    // One address files the whole corpus; the intake limits have their own tests.
    const high = 1_000_000;
    await hd.api('PATCH', '/settings', { tickets: { limit_ip_hour: high, limit_ip_day: high, limit_email_hour: high } });
  });

  test('the corpus in name, subject, description, order id, custom fields and a reply stays text in the inbox and the ticket view', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const ids: number[] = [];
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const id = await hd.fileTicket(`xss${index}-${Date.now()}@client.test`, payload, {
        name: `N${index} ${payload}`,
        description: CORPUS_TEXT,
        order_id: payload,
      });
      await hd.db
        .insertInto('post_meta')
        .values([
          { post_id: id, meta_key: 'custom_site_url', meta_value: payload },
          { post_id: id, meta_key: 'custom_notes', meta_value: CORPUS_TEXT },
        ])
        .execute();
      ids.push(id);
    }
    await hd.api('POST', `/tickets/${ids[0]}/comments`, { text: CORPUS_TEXT });
    const dialogs = watchDialogs(page);

    await page.goto(`${hd.homeUrl}/admin/`);
    await page.getByLabel('Email').fill(AGENT.email);
    await page.getByLabel('Password').fill(AGENT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(XSS_PAYLOADS[0], { exact: true }).first()).toBeVisible();
    expect(await injectedElements(page)).toEqual([]);

    for (const [index, id] of ids.entries()) {
      await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
      const payload = XSS_PAYLOADS[index] as string;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(payload.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.getByText(`N${index} ${payload}`).first()).toBeVisible();
      expect(await injectedElements(page), payload).toEqual([]);
    }
    expect(dialogs).toEqual([]);
  });
});

test.describe('widget', () => {
  test('the corpus in every field files a ticket; the success message and the page stay inert', async ({ page, helpdesk, pageErrors }) => {
    const dialogs = watchDialogs(page);
    await openHostPage(page, helpdesk);
    await launcher(page).click();
    const d = dialog(page);
    const email = newEmail('xss');
    const payload = XSS_PAYLOADS[1];
    await d.getByLabel('Your Name').fill(`Eve ${payload}`);
    await d.getByLabel('Your Email').fill(email);
    await d.getByLabel('Subject').fill(XSS_PAYLOADS[4]);
    await d.getByLabel('Description').fill(CORPUS_TEXT);
    await d.getByLabel('Order ID').fill(XSS_PAYLOADS[2]);
    await sendButton(page).click();
    const id = await filedTicketId(page);
    const [stored] = await helpdesk.ticketsOf(email);
    expect(stored).toMatchObject({
      id,
      title: XSS_PAYLOADS[4],
      content: CORPUS_TEXT,
      name: `Eve ${payload}`,
      meta: { order: XSS_PAYLOADS[2] },
    });
    expect(await injectedElements(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('an address the browser accepts but the help desk refuses is named at the email field; nothing is stored', async ({
    page,
    helpdesk,
  }) => {
    await openHostPage(page, helpdesk);
    await launcher(page).click();
    const d = dialog(page);
    await d.getByLabel('Your Name').fill('Ann');
    // Valid to the browser's type=email, but broken punycode: the server's one email rule refuses it.
    await d.getByLabel('Your Email').fill('ann@xn--zz.test');
    await d.getByLabel('Subject').fill('Hello');
    await d.getByLabel('Description').fill('Body');
    const before = await helpdesk.countRows();
    await sendButton(page).click();
    // In plain words, not the rule's internals.
    await expect(d.getByText('Enter an email address like name@example.com.')).toBeVisible();
    await expect(d.getByLabel('Your Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await helpdesk.countRows()).toEqual(before);
    expect(await injectedElements(page)).toEqual([]);
  });
});
