import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDb } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { createDomainContext } from '../domain/context.js';
import { createHooks } from '../hooks/create-hooks.js';
import { updateSettings } from '../settings/settings.js';
import { composeMail } from '../test/compose-mail.js';
import { connectTestImap, dovecotAvailable, startDovecot } from '../test/dovecot.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { startHelpdeskProcess } from '../test/helpdesk-process.js';
import { createTestDatabase, describeEachDatabase } from '../test/test-databases.js';

// Enough mail that the kill lands in the middle of the import, whatever the machine's speed.
const MESSAGES = 150;
const KILL_AT = 10;
const hasDovecot = dovecotAvailable();

describeEachDatabase('kill -9 of the worker while it imports mail by IMAP, then restart', (dialect) => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it.skipIf(!hasDovecot)(
    'imports every message exactly once and moves each to Processed',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-imap-kill-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const database = dialect === 'postgres' ? await createTestDatabase('postgres') : null;
      if (database) cleanups.push(() => database.drop());
      const databaseUrl = database?.url ?? join(dataDir, 'helpdesk.sqlite');
      const db = createDb({ url: databaseUrl });
      cleanups.push(() => db.close());
      await migrateToLatest(db);
      const ctx = createDomainContext(db, createHooks());
      await setRegistration(ctx, { anyoneCanRegister: false, createAccounts: true });
      await relaxIntakeLimits(ctx);
      await updateSettings(ctx, { emails: { new_tickets_per_sender_hour: 1000 } });

      const dovecot = await startDovecot();
      cleanups.push(() => dovecot.stop());
      const imap = await connectTestImap(dovecot);
      cleanups.push(() => imap.logout());
      for (let i = 0; i < MESSAGES; i += 1) {
        await imap.append(
          'INBOX',
          await composeMail({ from: `c${i}@client.test`, to: 'support@help.test', subject: `Mail ${i}`, text: `Text ${i}` }),
        );
      }
      const count = async (folder: string) => {
        const status = await imap.status(folder, { messages: true });
        return status ? (status.messages ?? 0) : 0;
      };
      const imported = async () => (await db.kysely.selectFrom('inbound_mails').select('id').execute()).length;

      const env = {
        HELPDESK_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        HELPDESK_IMAP_URL: dovecot.url,
        HELPDESK_SUPPORT_ADDRESS: 'support@help.test',
        LOG_LEVEL: 'warn',
      };
      const first = await startHelpdeskProcess(env, dataDir);
      cleanups.push(() => first.kill('SIGKILL'));
      await expect.poll(imported, { timeout: 30_000, interval: 10 }).toBeGreaterThanOrEqual(KILL_AT);
      await first.kill('SIGKILL');
      // The kill came in the middle: some mail is still waiting in the inbox.
      expect(await count('INBOX')).toBeGreaterThan(0);

      const second = await startHelpdeskProcess(env, dataDir);
      cleanups.push(() => second.kill('SIGKILL'));
      // The new process waits for the killed one's lease to run out (30 s, checked every 10 s), then imports
      // the rest: on a loaded CI machine that can take well over a minute.
      await expect.poll(() => count('INBOX'), { timeout: 150_000, interval: 100 }).toBe(0);
      expect(await count('Processed')).toBe(MESSAGES);
      await second.stop();

      const tickets = await db.kysely.selectFrom('posts').select('title').where('type', '=', 'ticket').execute();
      expect(tickets.map((t) => t.title).sort()).toEqual(Array.from({ length: MESSAGES }, (_, i) => `Mail ${i}`).sort());
      expect(await imported()).toBe(MESSAGES);
      // One confirmation per ticket: no ticket filed (and confirmed) twice.
      expect(await db.kysely.selectFrom('jobs').select('id').where('kind', '=', 'ticket_created').execute()).toHaveLength(MESSAGES);
    },
    240_000,
  );
});
