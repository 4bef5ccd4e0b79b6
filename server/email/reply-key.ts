import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { readOption } from '../domain/options.js';

const OPTION = 'mail_reply_key';
const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/**
 * The install's key for reply addresses and Message-IDs: 256 random bits made once and kept in the
 * options table, so every instance and the `helpdesk mail receive` command agree on it.
 */
export function replyKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadOrMakeKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function loadOrMakeKey(db: Kysely<Database>): Promise<Buffer> {
  const made = JSON.stringify(randomBytes(32).toString('hex'));
  // Two instances making it at once: the first insert wins and both read the winner.
  await db
    .insertInto('options')
    .values({ name: OPTION, value: made })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return Buffer.from(String(await readOption(db, OPTION)), 'hex');
}

/** HMAC-SHA256 of `purpose` under the install's key, as lower-case hex cut to `length` characters. */
export async function signWithReplyKey(db: Kysely<Database>, purpose: string, length: number): Promise<string> {
  return createHmac('sha256', await replyKey(db))
    .update(purpose)
    .digest('hex')
    .slice(0, length);
}
