import SQLite from 'better-sqlite3';

/**
 * The baseline for ticket intake: the same rows a submission writes (user upsert, ticket, status and
 * urgency terms, order meta, outbox job), one transaction per ticket, with prepared statements
 * straight on better-sqlite3 and the same pragmas as the service. Returns tickets per second.
 */
export function measureRawIntake(file: string, seconds: number, statusId: number, urgencyId: number): number {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const time = new Date().toISOString();
  const upsertUser = db.prepare(
    `insert into users (email, name, role, password_hash, created_at, updated_at) values (?, ?, 'client', null, ?, ?) on conflict (email) do nothing`,
  );
  const selectUser = db.prepare('select id from users where email = ?');
  const insertTicket = db.prepare(
    `insert into posts (type, status, title, content, slug, author_id, product_id, parent_id, menu_order, created_at, updated_at)
     values ('ticket', 'publish', ?, ?, '', ?, null, null, 0, ?, ?) returning id`,
  );
  const insertTerm = db.prepare('insert into term_relationships (post_id, taxonomy, term_id) values (?, ?, ?)');
  const insertMeta = db.prepare(`insert into post_meta (post_id, meta_key, meta_value) values (?, 'order', ?)`);
  const insertJob = db.prepare(
    `insert into jobs (kind, payload, state, attempts, run_at, last_error, created_at) values ('ticket_created', ?, 'queued', 0, ?, null, ?)`,
  );
  const fileTicket = db.transaction((n: number) => {
    const email = `raw${n}@bench.test`;
    upsertUser.run(email, 'Bench Client', time, time);
    const user = selectUser.get(email) as { id: number };
    const ticket = insertTicket.get('Subject', 'Description of the problem', user.id, time, time) as { id: number };
    insertTerm.run(ticket.id, 'ticket_status', statusId);
    insertTerm.run(ticket.id, 'ticket_urgency', urgencyId);
    insertMeta.run(ticket.id, `ORD-${n}`);
    insertJob.run(JSON.stringify({ ticketId: ticket.id }), time, time);
  });
  let n = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  while (performance.now() < end) fileTicket(n++);
  const rate = n / ((performance.now() - start) / 1000);
  db.close();
  return rate;
}
