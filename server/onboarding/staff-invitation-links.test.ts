import { afterAll, beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { INVITATION_LINK_DAYS } from '../../common/limits.js';
import { requestPasswordReset } from '../auth/request-password-reset.js';
import { addUser } from '../domain/people/add-user.js';
import { inviteStaff } from '../domain/people/invite-staff.js';
import { RESENDS_PER_ACCOUNT_HOUR } from '../domain/people/resend-invitation.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { csrfIn, SiteClient } from '../test/site-client.js';
import type { ReceivedMail } from '../test/smtp-sink.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

type Headers = Record<string, string>;
const HOUR_MS = 60 * 60 * 1000;
const HOME = 'http://help.test';
const REFUSED = [404, 410];
const settled = { timeout: 20_000, interval: 20 };
const WELCOME_LINK = /http:\/\/help\.test\/login\/welcome\/\?token=[\w-]+/;

describeEachDatabase('an invitation: a week-long link to a welcome page, listed until accepted, resent on request', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let delivery: MailDelivery;
  let admin: Headers;
  let counter = 0;
  beforeAll(async () => {
    delivery = await startMailDelivery(hd);
    admin = await hd.authAs('admin');
  });
  afterAll(async () => {
    await delivery.stop();
  });

  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });

  /** An admin invites a new agent; returns the account and its invitation mail as the SMTP server got it. */
  async function invite(): Promise<{ id: number; email: string; mail: ReceivedMail }> {
    counter += 1;
    const email = `invitee-${counter}@staff.test`;
    const res = await call('POST', '/users/', admin, { email, name: `Invitee ${counter}`, role: 'agent', invite: true });
    expect(res.statusCode).toBe(201);
    const [mail] = await delivery.mailsTo(email);
    return { id: res.json().id, email, mail: mail as ReceivedMail };
  }
  const linkIn = (mail: ReceivedMail) => WELCOME_LINK.exec(mail.text)?.[0] ?? '';
  const open = (link: string) => new SiteClient(hd.app).get(link.slice(HOME.length));
  const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
  async function choose(link: string, password: string) {
    const browser = new SiteClient(hd.app);
    const page = await browser.get(link.slice(HOME.length));
    const token = new URL(link).searchParams.get('token') ?? '';
    const form = page.body.includes('_csrf') ? page : await browser.get('/login/');
    return browser.post('/login/welcome/', { _csrf: csrfIn(form.body), token, password });
  }
  const listed = async (id: number) =>
    ((await call('GET', '/users/', admin)).json() as Array<{ id: number; invitation_sent_at: string | null }>).find((u) => u.id === id);

  it('the mail links the whole choose-password address and the whole sign-in address, and says how long the link works', async () => {
    const { mail } = await invite();
    const link = linkIn(mail);
    expect(link).not.toBe('');
    // The HTML part's button goes to the very link of the text part, and the sign-in address is one link, not host + text.
    expect(hrefs(mail.html)).toContain(link);
    expect(hrefs(mail.html)).toContain(`${HOME}/admin/`);
    expect(mail.html).toContain(`>${HOME}/admin/</a>`);
    expect(mail.html).not.toMatch(/<\/a>admin\//);
    expect(mail.text).toContain(`\n${HOME}/admin/`);
    expect(mail.text).toContain(`for ${INVITATION_LINK_DAYS} days`);
    expect(mail.html).toContain('Choose your password');
  });

  it('the link still works after 2 hours and until its seventh day ends, then is refused; a reset link ends after 1 hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const start = Date.now();
    const { mail } = await invite();
    const link = linkIn(mail);
    vi.setSystemTime(start + 2 * HOUR_MS);
    expect((await open(link)).statusCode).toBe(200);
    vi.setSystemTime(start + INVITATION_LINK_DAYS * 24 * HOUR_MS - HOUR_MS);
    expect((await open(link)).statusCode).toBe(200);
    vi.setSystemTime(start + INVITATION_LINK_DAYS * 24 * HOUR_MS + 60_000);
    // Refused: 410 while the expired row is kept, 404 once the worker's clean-up (run by the clock's jump) removed it.
    const late = await open(link);
    expect(REFUSED).toContain(late.statusCode);
    expect(late.body).not.toContain('type="password"');
    expect(REFUSED).toContain((await choose(link, 'a password chosen too late')).statusCode);

    vi.setSystemTime(start);
    await addUser(hd.ctx, { email: 'resets@staff.test', name: 'Resets', role: 'agent' });
    await setPasswordByEmail(hd.ctx, 'resets@staff.test', 'an agent password');
    await requestPasswordReset(hd.ctx, { email: 'resets@staff.test' });
    const [reset] = await delivery.mailsTo('resets@staff.test');
    const resetLink = /http:\/\/help\.test\/login\/reset\/\?token=[\w-]+/.exec(reset?.text ?? '')?.[0] ?? '';
    expect(reset?.text).toContain('for one hour');
    vi.setSystemTime(start + HOUR_MS - 60_000);
    expect((await open(resetLink)).statusCode).toBe(200);
    vi.setSystemTime(start + HOUR_MS + 60_000);
    expect(REFUSED).toContain((await open(resetLink)).statusCode);
  });

  it('the link opens a welcome without any word about an old password; the password chosen there signs in to the admin app', async () => {
    const { id, mail } = await invite();
    const page = await open(linkIn(mail));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Choose your password</h1>');
    expect(page.body).toContain('Welcome to <bdi>Helpdesk</bdi>.');
    expect(page.body).not.toMatch(/old password|signed out|new password/i);
    expect((await listed(id))?.invitation_sent_at).not.toBeNull();

    const chosen = await choose(linkIn(mail), 'the invitee chose this');
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe(`${HOME}/admin/`);
    // Accepted: no longer listed as waiting, and there is nothing to resend.
    expect((await listed(id))?.invitation_sent_at).toBeNull();
    expect((await call('POST', `/users/${id}/invitation`, admin)).statusCode).toBe(409);
  });

  it('the agents list shows the pending invitation; resending mails a new link and the old one stops working', async () => {
    const { id, email, mail } = await invite();
    const first = linkIn(mail);
    const before = await listed(id);
    expect(before?.invitation_sent_at).toEqual(expect.any(String));
    // Accounts that were not invited are not waiting for anything.
    const others = (await call('GET', '/users/', admin)).json() as Array<{ email: string; invitation_sent_at: string | null }>;
    expect(others.filter((u) => !u.email.startsWith('invitee-')).every((u) => u.invitation_sent_at === null)).toBe(true);

    const resent = await call('POST', `/users/${id}/invitation`, admin);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation_sent_at >= (before?.invitation_sent_at ?? '')).toBe(true);
    const mails = await delivery.mailsTo(email, 2);
    const second = linkIn(mails[1] as ReceivedMail);
    expect(second).not.toBe(first);

    const old = await open(first);
    expect(old.statusCode).toBe(410);
    expect(old.body).toContain('This invitation link no longer works');
    expect((await choose(first, 'via the old invitation')).statusCode).toBe(410);
    expect((await choose(second, 'via the new invitation')).statusCode).toBe(303);
  });

  it('cancelling an invitation (disabling the account) ends its link and takes it off the pending list', async () => {
    const { id, mail } = await invite();
    expect((await call('POST', `/users/${id}/disable`, admin)).statusCode).toBe(200);
    expect((await listed(id))?.invitation_sent_at).toBeNull();
    expect((await open(linkIn(mail))).statusCode).toBe(410);
    expect((await call('POST', `/users/${id}/invitation`, admin)).statusCode).toBe(409);

    // Cancelled before its mail went out: no mail, so no link to a disabled account.
    const quick = await addUser(hd.ctx, { email: 'cancelled.early@staff.test', name: 'Early', role: 'agent' });
    await hd.ctx.db.transaction().execute(async (trx) => {
      await inviteStaff(trx, quick.id);
      await trx.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', quick.id).execute();
    });
    await expect
      .poll(async () => (await hd.ctx.db.selectFrom('jobs').select('state').orderBy('id', 'desc').executeTakeFirst())?.state, settled)
      .toMatch(/^(done|skipped)$/);
    expect(delivery.smtp.messages.filter((m) => m.to.includes('cancelled.early@staff.test'))).toEqual([]);
  });

  it('a password an admin sets for the invitee ends the invitation link', async () => {
    const { id, email, mail } = await invite();
    await setPasswordByEmail(hd.ctx, email, 'set-by-the-admin-42');
    expect(REFUSED).toContain((await open(linkIn(mail))).statusCode);
    expect((await listed(id))?.invitation_sent_at).toBeNull();
  });

  it('only an admin resends, with the CSRF header when signed in by cookie, a few times an hour per account', async () => {
    const { id } = await invite();
    const agent = await hd.authAs('agent');
    const refused = await call('POST', `/users/${id}/invitation`, agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');

    await addUser(hd.ctx, { email: 'cookie.admin@staff.test', name: 'Cookie Admin', role: 'admin' });
    await setPasswordByEmail(hd.ctx, 'cookie.admin@staff.test', 'the admin password');
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me' });
    const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
    const signIn = await call(
      'POST',
      '/session',
      { cookie: `hd_csrf=${csrfCookie}`, 'x-csrf-token': me.json().csrf_token },
      { email: 'cookie.admin@staff.test', password: 'the admin password' },
    );
    const session = signIn.cookies.find((c) => c.name === 'hd_session')?.value as string;
    const cookie = `hd_session=${session}; hd_csrf=${csrfCookie}`;
    const csrf = (await call('GET', '/me', { cookie })).json().csrf_token as string;
    expect((await call('POST', `/users/${id}/invitation`, { cookie })).statusCode).toBe(403);
    expect((await call('POST', `/users/${id}/invitation`, { cookie, 'x-csrf-token': csrf })).statusCode).toBe(200);

    for (let i = 1; i < RESENDS_PER_ACCOUNT_HOUR; i++) expect((await call('POST', `/users/${id}/invitation`, admin)).statusCode).toBe(200);
    const over = await call('POST', `/users/${id}/invitation`, admin);
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toContain('Wait an hour');
    expect((await call('POST', '/users/999999/invitation', admin)).statusCode).toBe(404);
  });
});
