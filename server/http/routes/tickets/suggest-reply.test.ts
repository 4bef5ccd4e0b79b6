import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateSettings } from '../../../settings/settings.js';
import { addNoteAs, createAgent, createDoc, createTicket, sessionHeaders, userIdByEmail } from '../../../test/factories.js';
import { type FakeAiBackend, startFakeAiBackend } from '../../../test/fake-ai-backend.js';
import { setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('agent assist: POST /tickets/:id/suggest-reply', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let backend: FakeAiBackend;
  let agent: Headers;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const fileTicket = () =>
    createTicket(hd, { subject: 'Password reset mail never arrives', description: 'I asked for a password reset twice.' });
  const commentCount = async (ticketId: number) =>
    (await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', ticketId).execute()).length;

  beforeAll(async () => {
    backend = await startFakeAiBackend();
    hd.config.constants.HELPDESK_CLOUD_SITE = backend.url;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await createDoc(hd, {
      title: 'Resetting your password',
      slug: 'password-reset',
      content: 'Use the reset link; check the spam folder.',
    });
    agent = (await createAgent(hd)).headers;
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
    await addNoteAs(hd, agent, id, 'PRIVATE note about this client');
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

  describe('staff only', () => {
    it('an anonymous caller is a 401', async () => {
      const { id } = await fileTicket();
      expect((await call('POST', `/tickets/${id}/suggest-reply`)).statusCode).toBe(401);
      expect(backend.requests.length).toBe(0);
    });

    it('a client, even on their own ticket, is a 404 as for a missing one', async () => {
      const { id, email } = await fileTicket();
      expect(
        (await call('POST', `/tickets/${id}/suggest-reply`, await sessionHeaders(hd, await userIdByEmail(hd, email)))).statusCode,
      ).toBe(404);
      expect(backend.requests.length).toBe(0);
    });

    it('a missing ticket is a 404', async () => {
      expect((await call('POST', '/tickets/999999/suggest-reply', agent)).statusCode).toBe(404);
      expect(backend.requests.length).toBe(0);
    });

    it('with a session cookie it needs the CSRF header', async () => {
      const { id } = await fileTicket();
      const headers = await sessionHeaders(hd, (await createAgent(hd, { name: 'Assist Agent' })).id);
      expect((await call('POST', `/tickets/${id}/suggest-reply`, headers)).statusCode).toBe(200);
      const { 'x-csrf-token': _, ...withoutCsrf } = headers;
      expect((await call('POST', `/tickets/${id}/suggest-reply`, withoutCsrf)).statusCode).toBe(403);
      expect(backend.requests.length).toBe(1);
    });
  });
});
