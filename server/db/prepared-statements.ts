import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Marks a hot statement (PostgreSQL): sent as a named prepared statement, so each connection parses it
 * once and the server plans it from its cache rather than parsing and planning it per ticket. Only
 * statements of a bounded number of shapes carry it (the filing and the intake counters: their text
 * varies with counts, never with values), since every shape stays prepared on every connection.
 */
export const PREPARED = sql.raw('/* helpdesk:prepared */');
const MARK = '/* helpdesk:prepared */';

/** More shapes than this on one connection go unnamed: a bound on what a connection keeps. */
const MAX_PER_CONNECTION = 200;

/**
 * Makes the marked statements of this client named prepared statements (the name is the text's hash,
 * so one name is always one text). Called once per new pool client; everything else passes through.
 * The query is looked up on the prototype at each call, so wrappers added to it later still see it.
 */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const names = new Set<string>();
  const query = (...args: unknown[]) => (Object.getPrototypeOf(client).query as (...a: unknown[]) => unknown).apply(client, args);
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !text.startsWith(MARK) || typeof values === 'function') return query(text, values, callback);
    const name = `hd_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (!names.has(name)) {
      if (names.size >= MAX_PER_CONNECTION) return query(text, values, callback);
      names.add(name);
    }
    return query({ name, text, values }, callback);
  }) as typeof client.query;
}
