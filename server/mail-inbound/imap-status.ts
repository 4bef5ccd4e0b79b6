import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { readOption, writeOption } from '../domain/options.js';

const OPTION = 'mail_imap_status';

/** What the admin sees of the mailbox reader: when it last looked, and the last problem it had. */
export interface ImapStatus {
  /** The mailbox, without password. */
  mailbox: string | null;
  lastCheckAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** The status as the instances last wrote it (one row shared by all of them). */
export async function readImapStatus(db: Kysely<Database>): Promise<ImapStatus> {
  const stored = (await readOption(db, OPTION)) as Partial<ImapStatus> | undefined;
  return { mailbox: null, lastCheckAt: null, lastError: null, lastErrorAt: null, ...stored };
}

/** Merges `change` into the stored status. */
export async function writeImapStatus(db: Kysely<Database>, change: Partial<ImapStatus>): Promise<void> {
  await writeOption(db, OPTION, { ...(await readImapStatus(db)), ...change });
}
