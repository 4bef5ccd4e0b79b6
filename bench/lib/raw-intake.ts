import SQLite from '../../server/db/sqlite-driver.js';

/** How the baseline's rows are shaped, to match what a load sends. */
export interface RawIntakeOptions {
  /** Consecutive tickets filed from one email (the first creates the account). Default 1. */
  ticketsPerEmail?: number;
  /** Also write an idempotency key row per ticket, as the widget's submissions do. */
  idempotencyKeys?: boolean;
  /**
   * Tickets per transaction, each in its own savepoint: 1 (default) is one fsync per ticket; more is
   * what a single writer can do with many submissions in flight (the service's group commit).
   */
  ticketsPerCommit?: number;
  /** Makes emails and idempotency keys unique when one database is measured more than once. */
  prefix?: string;
}

/**
 * The baseline for ticket intake: the same rows a submission writes (user upsert, ticket, status and
 * urgency terms, order meta, outbox job, optionally its idempotency key), with prepared statements
 * straight on better-sqlite3 and the same pragmas as the service. Returns tickets per second.
 */
export function measureRawIntake(
  file: string,
  seconds: number,
  statusId: number,
  urgencyId: number,
  options: RawIntakeOptions = {},
): number {
  const perEmail = options.ticketsPerEmail ?? 1;
  const perCommit = options.ticketsPerCommit ?? 1;
  const prefix = options.prefix ?? '';
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const time = new Date().toISOString();
  const upsertUser = db.prepare(
    `insert into users (email, name, role, password_hash, created_at, ` +
      `updated_at) values (?, ?, 'client', null, ?, ?) on conflict (email) do ` +
      `nothing`,
  );
  const selectUser = db.prepare('select id from users where email = ?');
  const insertTicket = db.prepare(
    `insert into posts (type, status, title, content, slug, author_id, product_id, parent_id, menu_order, created_at, updated_at)
     values ('ticket', 'publish', ?, ?, '', ?, null, null, 0, ?, ?) returning id`,
  );
  const insertTerm = db.prepare('insert into term_relationships (post_id, taxonomy, term_id) values (?, ?, ?)');
  const insertMeta = db.prepare(`insert into post_meta (post_id, meta_key, meta_value) values (?, 'order', ?)`);
  const insertJob = db.prepare(
    `insert into jobs (kind, payload, state, attempts, run_at, last_error, ` +
      `created_at) values ('ticket_created', ?, 'queued', 0, ?, null, ?)`,
  );
  const insertKey = db.prepare('insert into idempotency_keys (key, ticket_id, created_at) values (?, ?, ?)');
  const fileTicket = db.transaction((n: number) => {
    const email = `raw${prefix}${Math.floor(n / perEmail)}@bench.test`;
    upsertUser.run(email, 'Bench Client', time, time);
    const user = selectUser.get(email) as { id: number };
    const ticket = insertTicket.get(`Subject ${n}`, 'Description of the problem', user.id, time, time) as { id: number };
    insertTerm.run(ticket.id, 'ticket_status', statusId);
    insertTerm.run(ticket.id, 'ticket_urgency', urgencyId);
    insertMeta.run(ticket.id, `ORD-${n}`);
    insertJob.run(JSON.stringify({ ticketId: ticket.id }), time, time);
    if (options.idempotencyKeys) insertKey.run(`raw-key-${prefix}${n}`, ticket.id, time);
  });
  // A transaction function called inside another runs as a savepoint (better-sqlite3).
  const fileBatch = db.transaction((first: number) => {
    for (let n = first; n < first + perCommit; n++) fileTicket(n);
  });
  let n = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  while (performance.now() < end) {
    if (perCommit === 1) fileTicket(n++);
    else {
      fileBatch(n);
      n += perCommit;
    }
  }
  const rate = n / ((performance.now() - start) / 1000);
  db.close();
  return rate;
}
