import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createTicket } from '../domain/create-ticket.js';
import { createMailTransport } from '../email/create-transport.js';
import { setRegistration, ticketPayload } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { createWorker } from './worker.js';

const quiet = { info: () => {}, warn: () => {} };
const BACKLOG = 200;

describeEachDatabase('mail worker under a backlog', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  // better-sqlite3 answers synchronously, so a worker whose every step is a query never returned to the
  // event loop: after a burst of tickets it fanned them all out (an fsync each) while no request, timer
  // or socket was served — a stall of 17 s after a 10 s load in `npm run bench:load`. Its writes now go
  // through the group commit, which yields between commits.
  it('lets timers and requests run between jobs while it works through a backlog', async () => {
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
  });
});
