import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, expect, it, vi } from 'vitest';
import { createTicket } from '../domain/tickets/create-ticket.js';
import { createMailTransport } from '../email/create-transport.js';
import { setRegistration, ticketPayload } from '../test/fixtures.js';
import { mechanismsOn } from '../test/mechanisms-on.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { createWorker } from './worker.js';

const quiet = { info: () => {}, warn: () => {} };

/**
 * On PostgreSQL every statement wakes a database backend, which takes a core from the server, and a
 * new ticket's mail work sent most of a filing's statements (~29 a ticket with one agent, one for the filing
 * itself). These pin what the mail worker sends for one ticket: its fan-out does not grow with the number of
 * agents (one insert of their notifications, one of their mails), each mail asks for its recipient and ticket
 * together, the site options come from their cache, and a batch's sent mails are settled in one statement.
 * Statements are counted on PostgreSQL; on both databases every mail is sent and settled.
 */
describeEachDatabase('statements of a new ticket’s mail work', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const query = pg.Client.prototype.query;
  const sent: string[] = [];
  afterEach(() => {
    pg.Client.prototype.query = query;
    vi.useRealTimers();
  });

  /** Adds `agents` agents to the staff, files a ticket, then runs the worker's batches, counting each one's statements. */
  async function newTicketAfterAdding(agents: number) {
    for (let i = 0; i < agents; i++) await hd.authAs('agent');
    const { id } = await createTicket(hd.ctx, ticketPayload({ email: 'statements@client.test' }), null);
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-new-ticket-statements-'));
    const transport = createMailTransport({ smtpUrl: null, dataDir });
    const worker = createWorker(hd.ctx, hd.config, transport, quiet, { batchSize: 50 });
    const ofTicket = `%"ticketId":${id}}`;
    try {
      // One batch to warm the caches (settings, site options, keys) with a mail of another ticket's.
      await createTicket(hd.ctx, ticketPayload({ email: 'warm-up@client.test' }), null);
      await hd.ctx.db.updateTable('jobs').set({ run_at: '9999-01-01T00:00:00.000Z' }).where('payload', 'like', ofTicket).execute();
      while ((await worker.runOnce()) > 0);
      await hd.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(0).toISOString() })
        .where('state', '=', 'queued')
        .execute();
      // The clock stands still from here, so no cache expires between the warm-up and the counted batches.
      vi.useFakeTimers({ toFake: ['Date'] });
      const batches: number[] = [];
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const statement = args[0] as string | { text?: string };
        sent.push(typeof statement === 'string' ? statement : (statement.text ?? ''));
        return (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } as typeof query;
      for (;;) {
        sent.length = 0;
        if ((await worker.runOnce()) === 0) break;
        batches.push(sent.length);
      }
      pg.Client.prototype.query = query;
      const jobs = await hd.ctx.db.selectFrom('jobs').select(['kind', 'state']).where('payload', 'like', ofTicket).orderBy('id').execute();
      const notified = await hd.ctx.db.selectFrom('notifications').select('user_id').where('ticket_id', '=', id).execute();
      return { batches, jobs, notified: notified.length };
    } finally {
      transport.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it.runIf(dialect === 'sqlite' || mechanismsOn('caches'))(
    'sends as many statements for the fan-out with four agents as with one, and settles a batch’s mails at once',
    async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const one = await newTicketAfterAdding(1);
      expect(one.jobs.map((j) => j.state)).toEqual(['done', 'done', 'done']);
      expect(one.notified).toBe(1);
      const four = await newTicketAfterAdding(3);
      // The ticket's event, the client's confirmation and one mail per agent: all sent and settled.
      expect(four.jobs.filter((j) => j.kind === 'mail').map((j) => j.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
      expect(four.notified).toBe(4);
      if (dialect !== 'postgres') return;
      const [fanOutOne, mailsOne] = one.batches;
      const [fanOutFour, mailsFour] = four.batches;
      expect(one.batches).toHaveLength(2);
      // The fan-out: the claim (two statements), begin, the ticket, the staff, their mail choices, the mails, the
      // notifications, the webhook subscriptions wanting ticket.created (the outbox's read, issue 39), the rules'
      // job written only while a rule waits for filings (one INSERT … SELECT, queue-rule-run.ts), its completion,
      // commit. With a statement for each agent's notification and mail it was 11 with one agent and 17 with four.
      expect(fanOutFour).toBe(fanOutOne);
      expect(fanOutOne).toBeLessThanOrEqual(12);
      // Each mail: its recipient with its ticket, the ticket's files, the thread, the record of the mail; the
      // client's also a sign-in link; the batch a claim (two) and one settling. It was 7 a mail (the recipient and
      // the ticket apart, the site options, a settling each).
      const perMail = ((mailsFour ?? 0) - (mailsOne ?? 0)) / 3;
      expect(perMail).toBeLessThanOrEqual(4);
      expect(mailsOne).toBeLessThanOrEqual(2 + 2 * 4 + 1 + 1);
    },
  );
});
