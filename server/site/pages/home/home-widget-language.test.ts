import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const widgetTag = (html: string) => /<script [^>]*helpdesk\/tickets\/embed\/[^>]*>/.exec(html)?.[0] ?? '';

describeEachDatabase('the widget on the help site’s home page', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('is told the page’s language by data-lang: ?lang, the cookie or Accept-Language, pseudo-locale included', async () => {
    const page = (url: string, headers: Record<string, string> = {}) => hd.app.inject({ method: 'GET', url, headers });
    expect(widgetTag((await page('/')).body)).toContain('data-lang="en"');
    expect(widgetTag((await page('/?lang=en-XA', { 'accept-language': 'de' })).body)).toContain('data-lang="en-XA"');
    expect(widgetTag((await page('/', { cookie: 'helpdesk_lang=fr', 'accept-language': 'en' })).body)).toContain('data-lang="fr"');
    expect(widgetTag((await page('/', { 'accept-language': 'ar' })).body)).toContain('data-lang="ar"');
  });
});
