// The screens whose texts load with them (admin/src/i18n/with-namespaces.tsx): Settings, Reports, Service levels,
// Business hours, the notification preferences, Webhooks, the Audit log, Clients and Organisations (contacts),
// opened by their address and from the navigation, in English and in Arabic. Every text the page ever shows
// (watched from before the app starts, so a key shown for one frame counts) is a translation, never a key.
import { expect, type Page, test } from '@playwright/test';
import ar from '../common/i18n/locales/ar/admin.json' with { type: 'json' };
import en from '../common/i18n/locales/en/admin.json' with { type: 'json' };
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();

const SCREENS = [
  { path: 'settings/general', nav: 'admin.nav.settings' },
  { path: 'reports', nav: 'admin.nav.reports' },
  { path: 'service-levels', nav: 'admin.nav.serviceLevels' },
  { path: 'business-hours', nav: 'admin.nav.businessHours' },
  { path: 'notifications', nav: 'admin.nav.notifications' },
  { path: 'webhooks', nav: 'admin.nav.webhooks' },
  { path: 'audit', nav: 'admin.nav.audit' },
  { path: 'clients', nav: 'admin.nav.clients' },
  { path: 'organisations', nav: 'admin.nav.organisations' },
] as const;
const LANGUAGES = { en, ar } as const;

declare global {
  interface Window {
    shownKeys: string[];
  }
}

/** Records every text node and label that looks like a catalogue key, from the page's first byte on. */
async function watchForKeys(page: Page) {
  await page.addInitScript(() => {
    const KEY = /\b(?:admin|settings|reports|service-levels|business-hours|notifications|webhooks|audit|contacts)\.[a-zA-Z][\w.-]*/;
    window.shownKeys = [];
    const look = (node: Node) => {
      const texts =
        node.nodeType === Node.TEXT_NODE
          ? [node.textContent ?? '']
          : node instanceof Element
            ? [...['aria-label', 'placeholder', 'title'].map((name) => node.getAttribute(name) ?? ''), ...walk(node)]
            : [];
      for (const text of texts) {
        const found = KEY.exec(text);
        if (found) window.shownKeys.push(found[0]);
      }
    };
    const walk = (root: Element) => {
      const out: string[] = [];
      const it = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let n = it.nextNode(); n; n = it.nextNode()) {
        if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent ?? '');
        else for (const name of ['aria-label', 'placeholder', 'title']) out.push((n as Element).getAttribute(name) ?? '');
      }
      return out;
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData' || record.type === 'attributes') look(record.target);
        for (const added of record.addedNodes) look(added);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function expectScreenShown(page: Page, language: keyof typeof LANGUAGES) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (language === 'ar') await expect(heading).toHaveText(/[\u0600-\u06FF]/);
  expect(await page.evaluate(() => window.shownKeys)).toEqual([]);
}

for (const language of Object.keys(LANGUAGES) as Array<keyof typeof LANGUAGES>) {
  const words = LANGUAGES[language];
  test(`in ${language}, each lazily loaded screen opened by its address shows its texts, never its keys`, async ({ page }, testInfo) => {
    // Nine screens, each loaded and photographed: near 30 s on a busy two-core machine.
    test.setTimeout(90_000);
    await watchForKeys(page);
    await signInToAdmin(page, hd.homeUrl, ADMIN);
    for (const screen of SCREENS) {
      await page.goto(`${hd.homeUrl}/admin/${screen.path}?lang=${language}`);
      await expectScreenShown(page, language);
      await page.screenshot({ path: shotPath(testInfo, `${screen.path.replace('/', '-')}-${language}.png`) });
    }
  });

  test(`in ${language}, each lazily loaded screen opened from the navigation shows its texts, never its keys`, async ({ page }) => {
    test.setTimeout(90_000);
    await watchForKeys(page);
    await signInToAdmin(page, hd.homeUrl, ADMIN);
    await page.goto(`${hd.homeUrl}/admin/?lang=${language}`);
    const nav = page.getByRole('navigation', { name: words['admin.nav.main'] });
    await expect(nav).toBeVisible();
    for (const screen of SCREENS) {
      const link = nav.getByRole('link', { name: words[screen.nav], exact: true });
      if (!(await link.isVisible())) await nav.getByRole('button', { name: words['admin.nav.more'] }).click();
      await link.click();
      await expectScreenShown(page, language);
    }
  });
}
