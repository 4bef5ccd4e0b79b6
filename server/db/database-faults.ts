/**
 * What kind of storage failure an error is, when it is one: `unavailable` (the database cannot be
 * reached or is restarting), `busy` (another process holds the SQLite write lock beyond the busy
 * timeout), `full` (no disk space). These are the service's trouble, not the client's, and pass
 * by themselves; the HTTP layer answers them with a 503 and Retry-After.
 */
export type DatabaseFault = 'unavailable' | 'busy' | 'full';

// Socket errors of the pg driver when the server is down, restarting or unreachable.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 53300 too_many_connections; class 08 is connection exceptions.
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
// pg raises these as plain Errors without a code when a connection dies or cannot be had in time.
const PG_CONNECTION_MESSAGES = new RegExp(
  `^(${[
    'Connection terminated',
    'Client has encountered a connection error',
    'Client was closed and is not queryable',
    'timeout exceeded when trying to connect',
    'Cannot use a pool after calling end',
  ].join('|')})`,
);

/** Classifies an error from better-sqlite3, pg or the file system; null when it is not a storage fault. */
export function classifyDatabaseFault(error: unknown): DatabaseFault | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return 'full';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
    if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') return 'unavailable';
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return 'unavailable';
  // Connecting to a name with several addresses fails with an AggregateError of the attempts.
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const fault = classifyDatabaseFault(inner);
      if (fault) return fault;
    }
  }
  return null;
}

/** Seconds a client should wait before trying again after that fault. */
export const RETRY_AFTER_SECONDS: Record<DatabaseFault, number> = { busy: 2, unavailable: 5, full: 60 };
