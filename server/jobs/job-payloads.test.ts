import { describe, expect, it } from 'vitest';
import type { MailTransport } from '../email/create-transport.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { enqueueJob } from './queue.js';
import { readJobPayload } from './read-job-payload.js';
import { createWorker } from './worker.js';

const noMail: MailTransport = { send: async () => ({}), close: () => {} };

describeEachDatabase('job payloads read back', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  async function insertRaw(kind: string, payload: string): Promise<number> {
    const time = new Date().toISOString();
    const row = await hd.ctx.db
      .insertInto('jobs')
      .values({ kind, payload, state: 'queued', attempts: 0, run_at: time, last_error: null, created_at: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('fails a job whose payload is malformed with a plain reason, once, and runs the other jobs of the batch', async () => {
    const notJson = await insertRaw('mail', '{"template":');
    const wrongShape = await insertRaw('ticket_created', '{"ticketId":"abc"}');
    const unknownTemplate = await insertRaw('mail', '{"template":"no_such_mail","userId":1,"ticketId":null}');
    // A well-formed job for a reply that no longer exists: it has nothing to fan out and completes.
    const fine = await insertRaw('comment_added', '{"commentId":999999}');
    const warnings: string[] = [];
    const worker = createWorker(hd.ctx, hd.config, noMail, { info: () => {}, warn: (m) => warnings.push(m) }, { baseDelayMs: 60_000 });

    expect(await worker.runOnce()).toBe(4);

    const rows = await hd.ctx.db.selectFrom('jobs').select(['id', 'state', 'attempts', 'last_error']).orderBy('id').execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(notJson)).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'The payload of this "mail" job is not valid JSON.',
    });
    expect(byId.get(wrongShape)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(byId.get(wrongShape)?.last_error).toMatch(
      /^The payload of this "ticket_created" job does not have the expected shape at \/ticketId: /,
    );
    expect(byId.get(unknownTemplate)).toMatchObject({ state: 'failed' });
    expect(byId.get(fine)).toMatchObject({ state: 'done', last_error: null });
    expect(warnings).toHaveLength(3);
    // Failed for good: nothing is left for a later poll.
    expect(await worker.runOnce()).toBe(0);
  });

  it('enqueues through one typed helper and reads back what it wrote', async () => {
    await enqueueJob(hd.ctx.db, 'mail', { template: 'client_ticket_link', userId: 7, ticketId: null });
    // @ts-expect-error a mail job needs a template and a recipient, not a ticket id alone
    await enqueueJob(hd.ctx.db, 'mail', { ticketId: 1 });
    // @ts-expect-error no such job kind
    await enqueueJob(hd.ctx.db, 'ticket_filed', { ticketId: 1 });
    const rows = await hd.ctx.db.selectFrom('jobs').select(['kind', 'payload']).orderBy('id').execute();
    expect(readJobPayload('mail', rows[0]?.payload ?? '')).toEqual({
      ok: true,
      payload: { template: 'client_ticket_link', userId: 7, ticketId: null },
    });
    expect(readJobPayload('mail', rows[1]?.payload ?? '').ok).toBe(false);
  });
});

describe('readJobPayload', () => {
  it('names the job kind and where the payload is wrong', () => {
    expect(readJobPayload('auto_respond', '{}')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The payload of this "auto_respond" job does not have the expected shape at \/ticketId: /),
    });
    expect(readJobPayload('comment_added', '{"commentId":3}')).toEqual({ ok: true, payload: { commentId: 3 } });
  });
});
