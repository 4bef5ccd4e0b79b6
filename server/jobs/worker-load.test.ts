import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { expect, it } from 'vitest';
import { runInSignedInLane, signedInWorkGoingOn, useSignedInLane } from '../db/signed-in-lane.js';
import { createTicket } from '../domain/tickets/create-ticket.js';
import { createMailTransport } from '../email/create-transport.js';
import { setRegistration, ticketPayload } from '../test/fixtures.js';
import { mechanismsOn } from '../test/mechanisms-on.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { createWorker } from './worker.js';

const quiet = { info: () => {}, warn: () => {} };
const BACKLOG = 200;

/**
 * A real SMTP server that holds every message at DATA until the test releases it (`held`, oldest first), and
 * a transport to it; `mostHeld` is the most it held at once.
 */
async function startHoldingSmtp() {
  const held: Array<() => void> = [];
  let mostHeld = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        held.push(() => callback());
        mostHeld = Math.max(mostHeld, held.length);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, dataDir: '' });
  return {
    held,
    transport,
    mostHeld: () => mostHeld,
    /** Lets every held message through (before the worker stops: it finishes its batch first). */
    releaseAll: () => {
      for (const release of held.splice(0)) release();
    },
    async close() {
      transport.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

describeEachDatabase('mail worker under load', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  // better-sqlite3 answers synchronously, so a worker whose every step is a query never returned to the
  // event loop: after a burst of tickets it fanned them all out (an fsync each) while no request, timer
  // or socket was served — a stall of 17 s after a 10 s load in `npm run bench:load`. Its writes now go
  // through the group commit, which yields between commits.
  // The group commit's turn of the event loop between batches is what lets them run on SQLite.
  it.runIf(dialect === 'postgres' || mechanismsOn('group-commit'))(
    'lets timers and requests run between jobs while it works through a backlog',
    async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      await hd.authAs('agent');
      await Promise.all(Array.from({ length: BACKLOG }, () => createTicket(hd.ctx, ticketPayload(), null)));
      const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-worker-yields-'));
      const transport = createMailTransport({ smtpUrl: null, dataDir });
      const worker = createWorker(hd.ctx, hd.config, transport, quiet, { pollMs: 20 });
      const doneJobs = async () =>
        Number(
          (
            await hd.ctx.db
              .selectFrom('jobs')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('kind', '=', 'ticket_created')
              .where('state', '=', 'done')
              .executeTakeFirstOrThrow()
          ).n,
        );
      try {
        worker.start();
        // The first timer after the start runs while the backlog is still being worked through, not after it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(await doneJobs()).toBeLessThan(BACKLOG / 2);
        // And the worker still gets through all of it.
        const deadline = Date.now() + 60_000;
        while ((await doneJobs()) < BACKLOG && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await doneJobs()).toBe(BACKLOG);
      } finally {
        await worker.stop();
        transport.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  // One job at a time, each completion was a commit (an fsync) of its own: the outbox drained at about
  // 200 jobs/s on SQLite while intake took 500+ tickets/s. A claimed batch now runs together.
  it('sends the mails of one claimed batch together, not one after another', async () => {
    // Not while signed-in work goes on (an earlier case's agent request, a moment ago): see the case below.
    while (signedInWorkGoingOn()) await new Promise((resolve) => setTimeout(resolve, 20));
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    for (let i = 0; i < 3; i++) await createTicket(hd.ctx, ticketPayload(), null);
    // Every message held at the mail server until several are in flight at once.
    const smtp = await startHoldingSmtp();
    const worker = createWorker(hd.ctx, hd.config, smtp.transport, quiet, { pollMs: 20 });
    try {
      worker.start();
      const deadline = Date.now() + 20_000;
      while (smtp.mostHeld() < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(smtp.mostHeld()).toBe(3);
    } finally {
      smtp.releaseAll();
      await worker.stop();
      await smtp.close();
    }
  });

  // On PostgreSQL ten jobs at once kept ten database backends busy while agents waited for a core behind them.
  it('sends a batch’s mails one after another while signed-in work goes on', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    for (let i = 0; i < 3; i++) await createTicket(hd.ctx, ticketPayload(), null);
    const smtp = await startHoldingSmtp();
    const worker = createWorker(hd.ctx, hd.config, smtp.transport, quiet, { pollMs: 20 });
    // An agent's request in flight.
    useSignedInLane();
    const agentsAnswer = new EventEmitter();
    runInSignedInLane(agentsAnswer, () => {});
    const recorded = async () =>
      Number(
        (
          await hd.ctx.db
            .selectFrom('sent_mails')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      await worker.runOnce(); // the three tickets' fan-outs: a confirmation each queued
      const batch = worker.runOnce();
      for (let sent = 0; sent < 3; sent++) {
        const deadline = Date.now() + 20_000;
        while (smtp.held.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
        // A mail is recorded just before it is sent: while this one is held at the mail server, the next has not begun.
        expect(await recorded()).toBe(sent + 1);
        smtp.held.shift()?.();
      }
      expect(await batch).toBe(3);
    } finally {
      agentsAnswer.emit('close');
      smtp.releaseAll();
      await worker.stop();
      await smtp.close();
    }
  });
});
