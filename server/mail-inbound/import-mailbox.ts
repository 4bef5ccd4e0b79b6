import type { ImapFlow } from 'imapflow';
import type { ReceiveDeps } from './receive-mail.js';
import { receiveMail } from './receive-mail.js';

export const PROCESSED_FOLDER = 'Processed';
export const FAILED_FOLDER = 'Failed';

/** A message that failed for now this many passes in a row is set aside (Failed) for the admin's retry. */
export const MAX_IMPORT_TRIES = 3;

export interface MailboxPass {
  imported: number;
  failed: number;
  /** Set when a message could not be imported for now: it stays in the mailbox for the next pass. */
  temporary: string | null;
}

/**
 * One pass over the mailbox: each message is imported, then moved — to Processed only after its
 * ticket or comment committed (or it was a duplicate or automatic mail), to Failed when it was
 * rejected (the reason is stored with it). A temporary failure leaves it where it is and ends the pass;
 * `tries` counts such failures by UID across passes, and the last allowed try records it as rejected.
 * One instance reads a mailbox at a time (imap-source.ts holds a lease, renewed here before each
 * message): two sessions moving the same message make Dovecot copy it twice. Should two ever overlap,
 * the Message-ID's unique key still imports each message once.
 */
export async function importMailbox(
  deps: ReceiveDeps,
  client: ImapFlow,
  mailbox: string,
  log: { warn(message: string): void },
  /** Renews this instance's claim on the mailbox before each message; false ends the pass (another instance has it). */
  stillMine: () => Promise<boolean> = async () => true,
  /** Temporary failures so far by UID, kept by the caller from one pass to the next. */
  tries: Map<number, number> = new Map(),
): Promise<MailboxPass> {
  const pass: MailboxPass = { imported: 0, failed: 0, temporary: null };
  const lock = await client.getMailboxLock(mailbox);
  try {
    const uids = (await client.search({ all: true }, { uid: true })) || [];
    for (const uid of uids) {
      if (!(await stillMine())) break;
      const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
      // Gone already: another instance moved it.
      if (message === false || !message.source) continue;
      const tried = tries.get(uid) ?? 0;
      const result = await receiveMail(deps, message.source, 'imap', { lastTry: tried + 1 >= MAX_IMPORT_TRIES });
      if (result.kind === 'temporary') {
        tries.set(uid, tried + 1);
        pass.temporary = result.reason;
        break;
      }
      tries.delete(uid);
      if (result.kind === 'rejected') {
        pass.failed += 1;
        log.warn(`Incoming mail (IMAP uid ${uid}) moved to ${FAILED_FOLDER}: ${result.reason}`);
      } else if (result.kind === 'imported') pass.imported += 1;
      await client.messageMove(String(uid), result.kind === 'rejected' ? FAILED_FOLDER : PROCESSED_FOLDER, { uid: true });
    }
  } finally {
    lock.release();
  }
  return pass;
}
