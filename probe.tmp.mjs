import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message, e.stack?.slice(0, 500)));
await page.goto(process.argv[2]);
await page.waitForTimeout(1500);
console.log(await page.locator('form').first().innerHTML().catch(() => 'no form'));
await browser.close();
