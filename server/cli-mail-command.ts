import type { Translator } from '../common/i18n/translator.js';
import type { Config } from './config/config-types.js';
import { createDb } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { english } from './i18n/translators.js';
import { createLastingCounterStore } from './intake/create-counter-store.js';
import { receiveMail } from './mail-inbound/receive-mail.js';
import { createServiceContext } from './start-service.js';

/** sysexits.h: mail servers retry a delivery on EX_TEMPFAIL and return it to the sender on EX_DATAERR. */
export const EXIT = { ok: 0, rejected: 65, temporary: 75 } as const;

/**
 * `helpdesk mail receive < message.eml`, for a mail server's pipe (a Postfix alias): imports one
 * message. 0 imported (or already imported, or ignored as automatic mail), 75 temporary failure (the
 * mail server keeps the message and tries again), 65 rejected; the reason goes to standard error,
 * which mail servers put in their log or bounce.
 */
export async function runMailReceive(
  config: Config,
  readMessage: () => Promise<Buffer>,
  out: (l: string) => void,
  err: (l: string) => void,
  t: Translator = english,
) {
  const raw = await readMessage();
  if (!raw.length) {
    err(t.t('cli.mail.no_message', { example: 'helpdesk mail receive < message.eml' }));
    return EXIT.rejected;
  }
  let db: ReturnType<typeof createDb> | undefined;
  try {
    // Inside the try: a database file this user may not open (the command run as someone other than the data
    // folder's owner) is a failure the mail server retries, not exit 1, which it would bounce to the sender.
    db = createDb({ ...config.databaseTuning, url: config.databaseUrl });
    await migrateToLatest(db);
    // Start-up warnings would end up in a bounce; the service's own start reports them.
    const ctx = await createServiceContext(db, config, () => {});
    // One process per message: the limits' counts must outlive it.
    const counters = await createLastingCounterStore(config, db);
    try {
      const result = await receiveMail({ ctx, config, counters }, raw, 'pipe');
      switch (result.kind) {
        case 'imported':
          out(t.t('cli.mail.imported', { number: String(result.ticketNumber), kind: result.commentId ? 'reply' : 'ticket' }));
          return EXIT.ok;
        case 'duplicate':
          out(t.t('cli.mail.duplicate'));
          return EXIT.ok;
        case 'ignored':
          out(t.t('cli.mail.ignored', { reason: result.reason }));
          return EXIT.ok;
        case 'rejected':
          err(t.t('cli.mail.rejected', { reason: result.reason }));
          return EXIT.rejected;
        case 'temporary':
          err(t.t('cli.mail.temporary', { reason: result.reason }));
          return EXIT.temporary;
      }
    } finally {
      await counters.close();
    }
  } catch (error) {
    // The database is away or the store cannot be opened: nothing was imported, so the mail server retries.
    err(t.t('cli.mail.temporary', { reason: error instanceof Error ? error.message : String(error) }));
    return EXIT.temporary;
  } finally {
    await db?.close().catch(() => {});
  }
}
