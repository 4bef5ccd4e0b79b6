import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../auth/auth.js';
import { issueTicketLink } from '../../../auth/ticket-links.js';
import { createApiToken } from '../../../domain/people/api-tokens.js';
import { setAccountDisabled } from '../../../domain/people/set-account-disabled.js';
import { verifyStaffPassword } from '../../../domain/people/staff-users.js';
import { createTicket } from '../../../domain/tickets/create-ticket.js';
import { updateSettings } from '../../../settings/settings.js';
import { createAdmin, createAgent, createUser, signInToApi, signInToSite, type TestUser } from '../../../test/factories.js';
import { csrfIn, SiteClient } from '../../../test/site-client.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
const DISABLED_WORDS = 'This account has been disabled';

describeEachDatabase('account lifecycle: disable and enable', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: Headers;
  let agent: Headers;
  let adminId = 0;
  beforeAll(async () => {
    const [adminUser, agentUser] = await Promise.all([createAdmin(hd), createAgent(hd)]);
    [admin, agent, adminId] = [adminUser.headers, agentUser.headers, adminUser.id];
    await updateSettings(hd.ctx, { login: { method: 'both' } });
  });
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });

  const addAccount = async (role: 'client' | 'agent' | 'admin') => {
    const user = await createUser(hd, role, { password: 'a long enough password' });
    return { ...user, password: 'a long enough password' };
  };
  const helpSiteSignIn = (email: string, password: string) => signInToSite(hd, email, password, { return_to: '/tickets/' });
  /** The admin app's sign-in, and the session cookie header it set (empty when refused). */
  const adminAppSignIn = async (email: string, password: string) => {
    const res = await signInToApi(hd, email, password);
    const session = res.cookies.find((c) => c.name === 'hd_session')?.value;
    return { res, cookie: session ? `hd_session=${session}` : '' };
  };

  const meWith = async (headers: Headers) => (await call('GET', '/me', headers)).json().user as { id: number } | null;

  describe('a disabled client, signed in on the help site and by token, with a ticket and a mailed link', () => {
    let client: TestUser & { password: string };
    let ticket: { id: number };
    let sessionCookie: Headers;
    let bearer: Headers;
    let link: string;

    beforeAll(async () => {
      client = await addAccount('client');
      ticket = await createTicket(
        hd.ctx,
        { name: 'Life', email: client.email, subject: 'Keep me', description: 'Please keep this ticket.' },
        null,
      );
      const { browser, res: signedIn } = await helpSiteSignIn(client.email, client.password);
      expect(signedIn.statusCode).toBe(303);
      sessionCookie = { cookie: `hd_session=${browser.cookies.get('hd_session')}` };
      expect((await meWith(sessionCookie))?.id).toBe(client.id);
      bearer = { authorization: `Bearer ${await createApiToken(hd.ctx.db, client.id, 'client script')}` };
      expect((await call('GET', '/me', bearer)).statusCode).toBe(200);
      link = await issueTicketLink(hd.ctx.db, hd.config.homeUrl, { userId: client.id, ticketId: ticket.id, lifetimeDays: 7 });

      const disabled = await call('POST', `/users/${client.id}/disable`, admin);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ id: client.id, disabled_at: expect.any(String) });
    });

    it('its session and its token are refused on the very next request', async () => {
      expect(await meWith(sessionCookie)).toBeNull();
      const tokenRefused = await call('GET', '/me', bearer);
      expect(tokenRefused.statusCode).toBe(401);
    });

    it('the help site’s password sign-in refuses it after the right password, in plain words', async () => {
      const again = await helpSiteSignIn(client.email, client.password);
      expect(again.res.statusCode).toBe(303);
      expect(again.res.headers.location).toContain('notice=account_disabled');
      expect(again.browser.cookies.has('hd_session')).toBe(false);
      const notice = new URL(again.res.headers.location as string);
      expect((await again.browser.get(notice.pathname + notice.search)).body).toContain(DISABLED_WORDS);
    });

    it('the domain refuses it too, not only the route’s last guard', async () => {
      await expect(login(hd.ctx, { email: client.email, password: client.password, ip: '192.0.2.200' })).rejects.toMatchObject({
        code: 'ACCOUNT_DISABLED',
      });
    });

    it('a wrong password still says only that: nothing is revealed to a guesser', async () => {
      expect((await helpSiteSignIn(client.email, 'not the password!')).res.headers.location).toContain('notice=bad_login');
    });

    it('the mailed sign-in link: the page and the confirm button both say the account is disabled', async () => {
      const linkBrowser = new SiteClient(hd.app);
      const linkPage = await linkBrowser.get(link.slice(hd.config.homeUrl.length));
      expect(linkPage.statusCode).toBe(403);
      expect(linkPage.body).toContain(DISABLED_WORDS);
      const loginPage = await linkBrowser.get('/login/');
      const confirm = await linkBrowser.post('/login/ticket/', {
        _csrf: csrfIn(loginPage.body),
        token: new URL(link).searchParams.get('token') as string,
      });
      expect(confirm.statusCode).toBe(403);
      expect(confirm.body).toContain(DISABLED_WORDS);
      expect(linkBrowser.cookies.has('hd_session')).toBe(false);
    });

    it('asking for a new link answers as for any address, and mails nothing', async () => {
      const jobsBefore = await hd.ctx.db.selectFrom('jobs').select('id').execute();
      const asked = await new SiteClient(hd.app).submit('/login/', '/login/link/', { email: client.email });
      expect(asked.headers.location).toContain('notice=link_sent');
      expect(await hd.ctx.db.selectFrom('jobs').select('id').execute()).toHaveLength(jobsBefore.length);
    });

    it('its tickets are kept, and agents still work on them', async () => {
      const kept = await call('GET', `/tickets/${ticket.id}`, agent);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().title).toBe('Keep me');
    });

    it('the lookup by email shows the state', async () => {
      const found = await call('GET', `/users/?email=${encodeURIComponent(client.email.toUpperCase())}`, admin);
      expect(found.json()).toEqual([expect.objectContaining({ id: client.id, role: 'client', disabled_at: expect.any(String) })]);
    });

    it('enabled, it signs in again; the old session and token stay ended', async () => {
      const enabled = await call('POST', `/users/${client.id}/enable`, admin);
      expect(enabled.statusCode).toBe(200);
      expect(enabled.json().disabled_at).toBeNull();
      const back = await helpSiteSignIn(client.email, client.password);
      expect(back.res.headers.location).toBe('http://help.test/tickets/');
      expect((await meWith({ cookie: `hd_session=${back.browser.cookies.get('hd_session')}` }))?.id).toBe(client.id);
      // Re-enabling does not bring the ended session and token back.
      expect(await meWith(sessionCookie)).toBeNull();
      expect((await call('GET', '/me', bearer)).statusCode).toBe(401);
    });
  });

  it('a disabled agent cannot sign in to the admin app; its open session ends at once; enabled, it can', async () => {
    const staff = await addAccount('agent');
    const first = await adminAppSignIn(staff.email, staff.password);
    expect(first.res.statusCode).toBe(200);
    expect((await meWith({ cookie: first.cookie }))?.id).toBe(staff.id);

    expect((await call('POST', `/users/${staff.id}/disable`, admin)).statusCode).toBe(200);
    expect(await meWith({ cookie: first.cookie })).toBeNull();
    expect((await call('GET', '/users/', { cookie: first.cookie })).statusCode).toBe(401);
    const refused = await adminAppSignIn(staff.email, staff.password);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', detail: expect.stringContaining(DISABLED_WORDS) });
    expect(refused.cookie).toBe('');
    await expect(verifyStaffPassword(hd.ctx, staff.email, staff.password, '192.0.2.1')).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect((await adminAppSignIn(staff.email, 'wrong password!!')).res.statusCode).toBe(401);

    expect((await call('POST', `/users/${staff.id}/enable`, admin)).statusCode).toBe(200);
    expect((await adminAppSignIn(staff.email, staff.password)).res.statusCode).toBe(200);
  });

  it('sessions and tokens are checked against the account on every request, not only deleted when it is disabled', async () => {
    // As if another instance disabled the account between this instance's requests, with rows left over.
    const client = await addAccount('client');
    const { browser } = await helpSiteSignIn(client.email, client.password);
    const cookie = { cookie: `hd_session=${browser.cookies.get('hd_session')}` };
    const bearer = { authorization: `Bearer ${await createApiToken(hd.ctx.db, client.id, 'left over')}` };
    await hd.ctx.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', client.id).execute();
    expect(await meWith(cookie)).toBeNull();
    const refused = await call('GET', '/me', bearer);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toContain(DISABLED_WORDS);
  });

  it('refuses disabling yourself and the last admin who can sign in (409), an unknown id (404), and non-admins (403)', async () => {
    const self = await call('POST', `/users/${adminId}/disable`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toMatch(/cannot disable your own account/);
    expect((await call('POST', '/users/999999/disable', admin)).statusCode).toBe(404);
    expect((await call('POST', '/users/999999/enable', admin)).json().detail).toMatch(/no account with id 999999/);
    expect((await call('POST', '/users/abc/disable', admin)).statusCode).toBe(400);
    const target = await addAccount('client');
    expect((await call('POST', `/users/${target.id}/disable`, agent)).statusCode).toBe(403);
    expect((await call('POST', `/users/${target.id}/disable`)).statusCode).toBe(401);
    expect((await call('GET', `/users/?email=${target.email}`, agent)).statusCode).toBe(403);

    // Another admin is disabled while this one remains; then this one is the last and stays.
    const second = await addAccount('admin');
    expect((await call('POST', `/users/${second.id}/disable`, admin)).statusCode).toBe(200);
    const admins = await hd.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
    for (const other of admins.filter((a) => a.id !== adminId)) await setAccountDisabled(hd.ctx, other.id, true, null);
    const last = setAccountDisabled(hd.ctx, adminId, true, null);
    await expect(last).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/last admin/) });
    // Demoting the last enabled admin is refused too, although a disabled admin is still on the books.
    const demote = await call('PATCH', `/users/${adminId}`, admin, { role: 'agent' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().errors[0].field).toBe('role');
  });

  it('finds an account of any role by email; a malformed address is a 400 naming the field', async () => {
    const client = await addAccount('client');
    expect((await call('GET', `/users/?email=${encodeURIComponent(client.email)}`, admin)).json()).toEqual([
      { id: client.id, email: client.email, name: expect.any(String), role: 'client', disabled_at: null, invitation_sent_at: null },
    ]);
    expect((await call('GET', '/users/?email=nobody%40example.test', admin)).json()).toEqual([]);
    const bad = await call('GET', '/users/?email=not-an-address', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('email');
  });
});
