import type { Kysely } from 'kysely';
import type { DialectName } from '../db/create-db.js';
import type { Database } from '../db/tables.js';
import type { Hooks } from '../hooks/create-hooks.js';

/** What every domain operation needs: the database (or a transaction over it) and the hook registry. */
export interface DomainContext {
  db: Kysely<Database>;
  dialect: DialectName;
  hooks: Hooks;
}

/** Who is calling: null for an anonymous caller (the widget). */
export interface Actor {
  id: number;
  role: 'client' | 'agent' | 'admin';
}

export function isStaff(actor: Actor | null): actor is Actor {
  return actor?.role === 'agent' || actor?.role === 'admin';
}

/** Current time as stored in the database. */
export function now(): string {
  return new Date().toISOString();
}
