import { beforeAll, expect, it } from 'vitest';
import { addUser } from '../../../domain/people/add-user.js';
import { setPasswordByEmail } from '../../../domain/people/staff-users.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('an agent sets their own language and time zone, and GET /me shows them', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let session: { cookie: string; 'x-csrf-token': string };

  const me = async () => (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: { cookie: session.cookie } })).json();
  const patchMe = (payload: object, headers: Record<string, string> = session) =>
    hd.app.inject({ method: 'PATCH', url: '/api/helpdesk/v1/users/me', headers, payload });

  beforeAll(async () => {
    await addUser(hd.ctx, { email: 'lina@staff.test', name: 'Lina', role: 'agent' });
    await setPasswordByEmail(hd.ctx, 'lina@staff.test', 'correct horse battery');
    const first = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me' });
    const csrf = first.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
    const token = (first.json() as { csrf_token: string }).csrf_token;
    const signedIn = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/session',
      headers: { cookie: `hd_csrf=${csrf}`, 'x-csrf-token': token },
      payload: { email: 'lina@staff.test', password: 'correct horse battery' },
    });
    expect(signedIn.statusCode).toBe(200);
    const hdSession = signedIn.cookies.find((c) => c.name === 'hd_session')?.value as string;
    const newCsrf = signedIn.cookies.find((c) => c.name === 'hd_csrf')?.value ?? csrf;
    session = { cookie: `hd_csrf=${newCsrf}; hd_session=${hdSession}`, 'x-csrf-token': signedIn.json().csrf_token };
  });

  it("GET /me gives a visitor the site's language, and a new agent no language or zone of their own", async () => {
    const anonymous = (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me' })).json();
    expect(anonymous).toMatchObject({ user: null, site_language: 'en', time_zone: expect.any(String) });
    expect((await me()).user).toMatchObject({ email: 'lina@staff.test', language: null, time_zone: null });
  });

  it('PATCH /users/me stores Arabic and a zone (by its ICU spelling), GET /me shows them, and null puts them back', async () => {
    const set = await patchMe({ language: 'ar', time_zone: 'asia/dubai' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email: 'lina@staff.test', language: 'ar', time_zone: 'Asia/Dubai' });
    expect((await me()).user).toMatchObject({ language: 'ar', time_zone: 'Asia/Dubai' });

    const languageOnly = await patchMe({ language: 'de' });
    expect(languageOnly.json()).toMatchObject({ language: 'de', time_zone: 'Asia/Dubai' });

    const back = await patchMe({ language: null, time_zone: null });
    expect(back.statusCode).toBe(200);
    expect((await me()).user).toMatchObject({ language: null, time_zone: null });
  });

  it('a language not shipped or an unknown zone is a 400 problem naming the field, and nothing changes', async () => {
    const language = await patchMe({ language: 'xx' });
    expect(language.statusCode).toBe(400);
    expect(language.headers['content-type']).toContain('application/problem+json');
    expect(language.json().errors.map((e: { field: string }) => e.field)).toEqual(['language']);

    const zone = await patchMe({ time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().errors.map((e: { field: string }) => e.field)).toEqual(['time_zone']);

    const offset = await patchMe({ time_zone: '+02:00' });
    expect(offset.statusCode).toBe(400);
    expect((await me()).user).toMatchObject({ language: null, time_zone: null });
  });

  it('the write needs the CSRF header, and a visitor with no session is refused', async () => {
    const noHeader = await patchMe({ language: 'fr' }, { cookie: session.cookie });
    expect(noHeader.statusCode).toBe(403);
    const anonymous = await hd.app.inject({ method: 'PATCH', url: '/api/helpdesk/v1/users/me', payload: { language: 'fr' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await me()).user).toMatchObject({ language: null });
  });
});
