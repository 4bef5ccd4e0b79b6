// The public address warnings (issue 41 item 5): on the setup and the embed page, and the admin app's answer.
import { describe, expect, it } from 'vitest';
import { issueFirstAdminLink } from '../domain/people/first-admin.js';
import { saveMailServer } from '../mail-settings/save-mail-server.js';
import { SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { createTestHelpdesk, type TestHelpdesk } from '../test/test-helpdesk.js';
import { publicAddressWarning } from './public-address.js';

describe('publicAddressWarning', () => {
  it('warns of an address only this machine opens, and of one the browser did not use', () => {
    expect(publicAddressWarning('http://localhost:8080', 'http://localhost:8080')).toEqual({ kind: 'local', url: 'http://localhost:8080' });
    expect(publicAddressWarning('http://127.0.0.1:8080/help', null)?.kind).toBe('local');
    expect(publicAddressWarning('http://[::1]:8080', null)?.kind).toBe('local');
    expect(publicAddressWarning('https://help.example.com', 'http://10.0.0.5:8080')).toEqual({
      kind: 'differs',
      url: 'https://help.example.com',
      browser: 'http://10.0.0.5:8080',
    });
    expect(publicAddressWarning('https://help.example.com/help', 'https://help.example.com')).toBeNull();
  });
});

/** The first admin of `hd`, signed in to the site, with the setup page's first answer. */
async function firstAdmin(hd: TestHelpdesk, host: string) {
  const link = (await issueFirstAdminLink(hd.ctx, hd.config.homeUrl)) ?? '';
  const browser = new SiteClient(hd.app);
  const claimed = await browser.post(
    '/login/first-admin/',
    { token: new URL(link).searchParams.get('token') ?? '', name: 'Ada', email: 'ada@site.test', password: 'first admin password' },
    { host },
  );
  return { browser, claimed, link };
}

describeEachDatabase('the public address on the setup and the embed page', (dialect) => {
  it('a localhost address is warned of with the variable to set, and the first-admin link uses it', async () => {
    const hd = await createTestHelpdesk(dialect, { homeUrl: 'http://localhost:8080' });
    try {
      const { browser, claimed, link } = await firstAdmin(hd, 'localhost:8080');
      expect(link.startsWith('http://localhost:8080/')).toBe(true);
      expect(claimed.body).toContain('id="public-address-warning"');
      expect(claimed.body).toContain('The public address is http://localhost:8080, which only this computer can open');
      expect(claimed.body).toContain('HELPDESK_HOME_URL');
      const embed = await browser.get('/admin/setup/embed/', { host: 'localhost:8080' });
      expect(embed.body).toContain('id="public-address-warning"');
      const api = await hd.app.inject({
        method: 'GET',
        url: '/api/helpdesk/v1/settings/public-address',
        headers: await hd.authAs('admin'),
      });
      expect(api.json()).toEqual({ url: 'http://localhost:8080', env_name: 'HELPDESK_HOME_URL', is_local: true });
    } finally {
      await hd.close();
    }
  });

  it('a public address is warned of only when the browser came by another, and the mail notice follows Settings → Mail', async () => {
    // inject speaks plain HTTP: the public address is http:// here, so the browser's origin can match it.
    const hd = await createTestHelpdesk(dialect, { homeUrl: 'http://help.example.com' });
    try {
      const { browser, claimed } = await firstAdmin(hd, 'help.example.com');
      expect(claimed.body).not.toContain('public-address-warning');
      const other = await browser.get('/admin/setup/embed/', { host: '10.0.0.5:8080' });
      expect(other.body).toContain(
        'You opened this page at http://10.0.0.5:8080, but the helpdesk’s public address is http://help.example.com',
      );
      expect((await browser.get('/admin/setup/embed/', { host: 'help.example.com' })).body).not.toContain('public-address-warning');
      expect(claimed.body).toContain('No SMTP server is set');
      expect(claimed.body).toContain('Settings → Mail servers');
      // A server saved in Settings → Mail counts as set: the notice about mail written as files goes.
      await saveMailServer(hd.ctx, hd.config, 'smtp', { host: 'smtp.example.com', port: 587, security: 'starttls', user: '' });
      const setup = await browser.get('/admin/setup/', { host: 'help.example.com' });
      expect(setup.body).toContain('<h1>Set up your help desk</h1>');
      expect(setup.body).not.toContain('No SMTP server is set');
    } finally {
      await hd.close();
    }
  });
});
