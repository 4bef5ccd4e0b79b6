import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { readOption } from '../domain/options.js';
import type { ImapFields, SmtpFields } from './mail-server-fields.js';

/** The option Settings → Mail writes: each server's fields, its password encrypted (secret-box) or ''. */
export const MAIL_SERVERS_OPTION = 'helpdesk_mail_servers';

export type StoredServer<F> = F & { password: string };

export interface StoredMailServers {
  smtp?: StoredServer<SmtpFields>;
  imap?: StoredServer<ImapFields>;
}

/** What Settings → Mail saved; a server never saved is absent. */
export async function readStoredMailServers(db: Kysely<Database>): Promise<StoredMailServers> {
  return ((await readOption(db, MAIL_SERVERS_OPTION)) ?? {}) as StoredMailServers;
}

/** The encryption context of a server's password: a ciphertext copied to the other server does not decrypt. */
export const passwordContext = (kind: 'smtp' | 'imap') => `mail.${kind}.password`;

// The running sender and mailbox reader of this process hear a save at once; another instance's within its look-again time.
const listeners = new Set<() => void>();

/** Called after Settings → Mail saved or removed a server. */
export function mailServersChanged(): void {
  for (const listener of listeners) listener();
}

/** Hears this process's saves; returns the function that stops hearing them. */
export function onMailServersChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
