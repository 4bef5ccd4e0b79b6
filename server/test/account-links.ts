import { csrfIn, type SiteClient } from './site-client.js';

/** The path and query of the sign-up confirmation or password-reset link in a mail's text. */
export function accountLinkIn(text: string, homeUrl: string): string {
  const match = /https?:\/\/\S+\/login\/(?:confirm|reset)\/\?token=[\w-]+/.exec(text);
  if (!match) throw new Error(`No confirmation or reset link in: ${text}`);
  if (!match[0].startsWith(`${homeUrl}/`)) throw new Error(`The link ${match[0]} is not on ${homeUrl}`);
  return match[0].slice(homeUrl.length);
}

/** Opens a confirmation or reset link in `browser` and posts its form with `password`. */
export async function choosePassword(browser: SiteClient, path: string, password: string) {
  let page = await browser.get(path);
  // A used or unknown link's page has no form; any page's token will do for this browser.
  if (!page.body.includes('_csrf')) page = await browser.get('/login/');
  const token = new URL(path, 'http://x').searchParams.get('token') ?? '';
  const action = new URL(path, 'http://x').pathname;
  return browser.post(action, { _csrf: csrfIn(page.body), token, password });
}
