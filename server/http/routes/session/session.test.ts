import { beforeAll, expect, it } from 'vitest';
import { addUser } from '../../../domain/people/add-user.js';
import { setPasswordByEmail } from '../../../domain/people/staff-users.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase("the admin app's session: who am I, sign-in and sign-out", (dialect) => {
  const hd = useTestHelpdesk(dialect);
  /** A browser's first visit: the CSRF cookie and the token the admin app sends back as a header. */
  const csrfHeaders = async () => {
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me' });
    const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
    return { cookie: `hd_csrf=${csrfCookie}`, 'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token };
  };
  const signIn = async (headers: Record<string, string>, payload: object) =>
    hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/session', headers, payload });

  beforeAll(async () => {
    await addUser(hd.ctx, { email: 'sam@staff.test', name: 'Sam', role: 'agent' });
    await setPasswordByEmail(hd.ctx, 'sam@staff.test', 'correct horse battery');
  });

  it('GET /me answers a visitor with no user, a CSRF token and the site, never cached', async () => {
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me' });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json()).toMatchObject({ user: null, csrf_token: expect.any(String), site: { name: expect.any(String) } });
  });

  it('POST /session with a wrong password is a 401 INVALID_CREDENTIALS problem', async () => {
    const headers = await csrfHeaders();
    const wrong = await signIn(headers, { email: 'sam@staff.test', password: 'wrong password!' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json()).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', detail: expect.stringContaining('password is wrong') });
    const right = await signIn(headers, { email: 'sam@staff.test', password: 'correct horse battery' });
    expect(right.statusCode).toBe(200);
  });

  it('an agent signs in, GET /me names them, and sign-out ends the session', async () => {
    const headers = await csrfHeaders();
    const signedIn = await signIn(headers, { email: 'sam@staff.test', password: 'correct horse battery' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ name: 'Sam', email: 'sam@staff.test', role: 'agent' });
    const session = signedIn.cookies.find((c) => c.name === 'hd_session')?.value as string;
    const cookie = `${headers.cookie}; hd_session=${session}`;
    const me = async () => (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: { cookie } })).json();

    expect((await me()).user).toMatchObject({ email: 'sam@staff.test' });
    const out = await hd.app.inject({ method: 'DELETE', url: '/api/helpdesk/v1/session', headers: { ...headers, cookie } });
    expect(out.statusCode).toBe(204);
    expect((await me()).user).toBeNull();
  });

  it('a sign-in without the CSRF header is refused, and a malformed address is a 400 problem naming the field', async () => {
    const headers = await csrfHeaders();
    const noHeader = await signIn({ cookie: headers.cookie }, { email: 'sam@staff.test', password: 'correct horse battery' });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.cookies.find((c) => c.name === 'hd_session')).toBeUndefined();

    const badEmail = await signIn(headers, { email: 'not an address', password: 'correct horse battery' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.headers['content-type']).toContain('application/problem+json');
    expect(badEmail.json().errors.map((e: { field: string }) => e.field)).toEqual(['email']);
  });
});
