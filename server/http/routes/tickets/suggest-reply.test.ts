import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSession } from '../../../auth/sessions.js';
import { createPost } from '../../../domain/content/create-post.js';
import { addUser } from '../../../domain/people/add-user.js';
import { updateSettings } from '../../../settings/settings.js';
import { type FakeAiBackend, startFakeAiBackend } from '../../../test/fake-ai-backend.js';
import { setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('agent assist: POST /tickets/:id/suggest-reply', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let backend: FakeAiBackend;
  let agent: Headers;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const fileTicket = async () => {
    const payload = ticketPayload({ subject: 'Password reset mail never arrives', description: 'I asked for a password reset twice.' });
    const res = await call('POST', '/tickets/', {}, payload);
    expect(res.statusCode).toBe(201);
    return { id: (res.json() as { id: number }).id, email: payload.email as string };
  };
  const commentCount = async (ticketId: number) =>
    (await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', ticketId).execute()).length;

  beforeAll(async () => {
    backend = await startFakeAiBackend();
    hd.config.constants.HELPDESK_CLOUD_SITE = backend.url;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await createPost(
      hd.ctx,
      'doc',
      { title: 'Resetting your password', slug: 'password-reset', content: 'Use the reset link; check the spam folder.' },
      null,
    );
    agent = await hd.authAs('agent');
  });
  afterAll(async () => {
    await backend?.close();
  });
  beforeEach(async () => {
    backend.mode = 'up';
    backend.requests.length = 0;
    await updateSettings(hd.ctx, { ai: { api_key: 'sk-assist', timeout_seconds: 1 } });
  });

  it('returns a draft from the backend, grounded in the docs and the public thread, and sends nothing', async () => {
    const { id } = await fileTicket();
    await call('POST', `/tickets/${id}/comments`, agent, { text: 'PRIVATE note about this client', internal: true });
    backend.answer = (body) => `Draft citing ${body.messages[0]?.content.includes('/docs/password-reset/') ? 'the reset doc' : 'nothing'}`;
    const before = await commentCount(id);
    const jobsBefore = (await hd.ctx.db.selectFrom('jobs').select('id').execute()).length;

    const res = await call('POST', `/tickets/${id}/suggest-reply`, agent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      draft: 'Draft citing the reset doc',
      answered: true,
      docs: [{ title: 'Resetting your password', url: 'http://help.test/docs/password-reset/' }],
    });
    expect(backend.requests[0]?.authorization).toBe('Bearer sk-assist');
    expect(JSON.stringify(backend.requests[0]?.body)).not.toContain('PRIVATE');
    expect(await commentCount(id)).toBe(before);
    expect((await hd.ctx.db.selectFrom('jobs').select('id').execute()).length).toBe(jobsBefore);
  });

  it('when the backend fails, a docs-only draft (200, answered false)', async () => {
    const { id } = await fileTicket();
    backend.mode = 'slow';
    const res = await call('POST', `/tickets/${id}/suggest-reply`, agent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ answered: false, failure: 'timeout' });
    expect(res.json().draft).toContain('http://help.test/docs/password-reset/');
  });

  it(
    'staff only: anonymous 401, a client (even on their own ticket) 404, a ' + 'missing ticket 404; session writes need the CSRF header',
    async () => {
      const { id, email } = await fileTicket();
      expect((await call('POST', `/tickets/${id}/suggest-reply`)).statusCode).toBe(401);
      const client = await hd.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      expect((await call('POST', `/tickets/${id}/suggest-reply`, await sessionHeaders(client.id))).statusCode).toBe(404);
      expect((await call('POST', '/tickets/999999/suggest-reply', agent)).statusCode).toBe(404);

      const staff = await addUser(hd.ctx, { email: `assist-${process.pid}@staff.test`, name: 'Assist Agent', role: 'agent' });
      const headers = await sessionHeaders(staff.id);
      expect((await call('POST', `/tickets/${id}/suggest-reply`, headers)).statusCode).toBe(200);
      const { 'x-csrf-token': _, ...withoutCsrf } = headers;
      expect((await call('POST', `/tickets/${id}/suggest-reply`, withoutCsrf)).statusCode).toBe(403);
      expect(backend.requests.length).toBe(1);
    },
  );

  async function sessionHeaders(userId: number): Promise<Headers> {
    const session = await createSession(hd.ctx.db, userId);
    const me = await call('GET', '/me', { cookie: `hd_session=${session}` });
    const csrfCookie = me.cookies.find((c) => c.name === 'hd_csrf')?.value as string;
    return { cookie: `hd_session=${session}; hd_csrf=${csrfCookie}`, 'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token };
  }
});
