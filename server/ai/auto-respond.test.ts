import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { renderMarkdownToHtml } from '../../common/render-markdown.js';
import { unlinkableText } from '../../common/unlinkable-text.js';
import { createPost } from '../domain/content/create-post.js';
import { findTicket } from '../domain/tickets/find-ticket.js';
import { enqueueJob } from '../jobs/queue.js';
import { getSettings, updateSettings } from '../settings/settings.js';
import { type FakeAiBackend, type FakeAiMode, startFakeAiBackend } from '../test/fake-ai-backend.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { memoryMail } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { AUTO_RESPOND_JOB, autoRespond } from './auto-respond.js';

const ANSWER = 'Open Settings, then Export, and pick CSV [1](link).';

describeEachDatabase('auto responder', (dialect) => {
  const hd = useTestHelpdesk(dialect, { homeUrl: 'https://help.example.com/support' });
  let backend: FakeAiBackend;

  beforeAll(async () => {
    // Off until an admin turns it on.
    expect((await getSettings(hd.ctx)).tickets?.auto_responder_enabled).toBe(false);
    backend = await startFakeAiBackend();
    hd.config.constants.HELPDESK_CLOUD_SITE = backend.url;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await createPost(
      hd.ctx,
      'doc',
      { title: 'Exporting your data', slug: 'exporting-data', content: 'The export button writes a CSV file of every record.' },
      null,
    );
    await createPost(hd.ctx, 'doc', { title: 'Export formats', slug: 'export-formats', content: 'Export supports CSV and JSON.' }, null);
    await createPost(hd.ctx, 'doc', { title: 'Billing', slug: 'billing', content: 'Invoices are sent monthly.' }, null);
    await createPost(hd.ctx, 'doc', { title: 'Draft about export', slug: 'draft-export', content: 'export', status: 'draft' }, null);
  });
  afterAll(async () => {
    await backend?.close();
  });
  beforeEach(async () => {
    backend.mode = 'up';
    backend.answer = () => ANSWER;
    backend.requests.length = 0;
    await updateSettings(hd.ctx, {
      tickets: { auto_responder_enabled: true, change_status: true },
      ai: { api_key: 'sk-responder', timeout_seconds: 1, model: 'test-model' },
    });
  });

  async function submit(fields: { name?: string; subject?: string } = {}) {
    const payload = ticketPayload({
      subject: 'Export button does nothing',
      description: 'I click Export and no CSV file appears.',
      ...fields,
    });
    const res = await hd.app.inject({ method: 'POST', url: '/support/api/helpdesk/v1/tickets/', payload });
    expect(res.statusCode).toBe(201);
    const { id, number } = res.json() as { id: number; number: number };
    return { id, number, email: payload.email };
  }
  async function botComments(ticketId: number) {
    return hd.ctx.db
      .selectFrom('comments')
      .select(['id', 'content', 'author_id'])
      .where('post_id', '=', ticketId)
      .where('author_role', '=', 'bot')
      .execute();
  }

  it('is off by default: no job, no comment', async () => {
    await updateSettings(hd.ctx, { tickets: { auto_responder_enabled: false } });
    const mail = memoryMail(hd);
    const { id } = await submit();
    await mail.drain();
    expect(await botComments(id)).toEqual([]);
    const jobs = await hd.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', AUTO_RESPOND_JOB)
      .where('payload', 'like', `%"ticketId":${id}}`)
      .execute();
    expect(jobs).toEqual([]);
    expect(backend.requests).toHaveLength(0);
  });

  for (const changeStatus of [true, false]) {
    it(
      `with the backend up: one bot comment with the template, the docs and ` +
        `the answer; status unchanged (Change ticket status ` +
        `${changeStatus ? 'on' : 'off'}); the client is mailed`,
      async () => {
        await updateSettings(hd.ctx, { tickets: { change_status: changeStatus } });
        const mail = memoryMail(hd);
        const { id, number, email } = await submit();
        // Intake never calls the backend: the AI runs in the job.
        expect(backend.requests).toHaveLength(0);
        const before = (await findTicket(hd.ctx, id))?.ticketStatus;
        await mail.drain();

        const comments = await botComments(id);
        expect(comments).toHaveLength(1);
        const text = comments[0]?.content ?? '';
        expect(comments[0]?.author_id).toBeNull();
        expect(text).toContain('Hello Ann Client');
        // The ticket's number, what the client reads (#1, #2, …), not its id.
        expect(text).toContain(`(ticket ${number})`);
        expect(text).toContain(ANSWER);
        expect(text).toContain('Exporting your data: https://help.example.com/support/docs/exporting-data/');
        expect(text).toContain('Export formats: https://help.example.com/support/docs/export-formats/');
        expect(text).not.toContain('Billing');
        expect(text).not.toContain('Draft about export');
        expect(text).not.toMatch(/##\w+##/);
        expect((await findTicket(hd.ctx, id))?.ticketStatus).toBe(before);

        const request = backend.requests[0];
        expect(request?.authorization).toBe('Bearer sk-responder');
        expect(request?.body.model).toBe('test-model');
        expect(request?.body.messages[0]?.content).toContain('https://help.example.com/support/docs/exporting-data/');
        expect(request?.body.messages[1]?.content).toContain('Export button does nothing');

        const reply = mail.sent.find((m) => m.to.includes(email) && m.text.includes(ANSWER));
        expect(reply, 'the client gets the bot reply like an agent reply').toBeDefined();
      },
    );
  }

  for (const mode of ['down', 'slow', 'garbage', 'rate_limited', 'error'] as const) {
    it(`with the backend ${mode}: intake 201, the ticket kept, a docs-only bot reply`, async () => {
      if (mode === 'down') hd.config.constants.HELPDESK_CLOUD_SITE = 'http://127.0.0.1:9';
      else backend.mode = mode as FakeAiMode;
      try {
        const mail = memoryMail(hd);
        const { id } = await submit();
        await mail.drain();
        expect(await findTicket(hd.ctx, id)).toBeDefined();
        const comments = await botComments(id);
        expect(comments).toHaveLength(1);
        expect(comments[0]?.content).toContain('https://help.example.com/support/docs/exporting-data/');
        expect(comments[0]?.content).not.toContain(ANSWER);
        expect(comments[0]?.content).not.toMatch(/##\w+##/);
      } finally {
        hd.config.constants.HELPDESK_CLOUD_SITE = backend.url;
      }
    });
  }

  it('without an API key, nothing is sent to the backend and the reply lists the docs', async () => {
    await updateSettings(hd.ctx, { ai: { api_key: '' } });
    const mail = memoryMail(hd);
    const { id } = await submit();
    await mail.drain();
    expect(backend.requests).toHaveLength(0);
    expect((await botComments(id))[0]?.content).toContain('Exporting your data');
  });

  it('fills every placeholder of a custom template', async () => {
    await updateSettings(hd.ctx, {
      tickets: { auto_responder_template: '[##client_name##|##ticket_title##|##ticket_id##|##site_name##]\n##answer##\n##docs##' },
    });
    try {
      const mail = memoryMail(hd);
      const { id, number } = await submit();
      await mail.drain();
      const text = (await botComments(id))[0]?.content ?? '';
      expect(text.split('\n')[0]).toBe(`[Ann Client|Export button does nothing|${number}|Helpdesk]`);
      expect(text.split('\n')[1]).toBe(ANSWER);
      expect(text.split('\n')[2]).toMatch(/^- Export/);
    } finally {
      await updateSettings(hd.ctx, { tickets: { auto_responder_template: '' } });
    }
  });

  it("puts a visitor's name and subject in as words: no link or mark in the reply, on the help site or in its mail", async () => {
    await updateSettings(hd.ctx, { tickets: { auto_responder_template: 'Hi ##client_name##,\n\nabout ##ticket_title##:\n##docs##' } });
    try {
      const mail = memoryMail(hd);
      const { id } = await submit({ name: '[Reset](https://evil.test/) now', subject: 'Export from evil.test **fails**' });
      const sent = await mail.drain();
      const text = (await botComments(id))[0]?.content ?? '';
      const html = renderMarkdownToHtml(text);
      // The docs' links are the only links; the visitor's words read as typed, link shapes aside.
      for (const [, href] of html.matchAll(/<a href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\/help\.example\.com\/support\/docs\//);
      expect(html).not.toMatch(/<strong>|evil\.test/);
      expect(html).toContain(`Hi [Reset](${unlinkableText('https://evil.test/')}) now,`);
      const reply = sent.find((m) => m.text.includes('Hi [Reset]'));
      expect(reply, 'the reply mail').toBeTruthy();
      expect(`${reply?.text}${reply?.html}`).not.toMatch(/evil\.test/);
    } finally {
      await updateSettings(hd.ctx, { tickets: { auto_responder_template: '' } });
    }
  });

  it('is idempotent: a retried or duplicated job adds one comment, not two', async () => {
    const mail = memoryMail(hd);
    const { id } = await submit();
    await mail.drain();
    await enqueueJob(hd.ctx.db, AUTO_RESPOND_JOB, { ticketId: id });
    await mail.drain();
    expect((await autoRespond(hd.ctx, hd.config, id)).commentId).toBeNull();
    expect(await botComments(id)).toHaveLength(1);
  });
});
