import { createDb } from '../../server/db/create-db.js';

/** What the store holds after a load, against the tickets the load was answered 201 for. */
export interface TicketAudit {
  acknowledged: number;
  rows: number;
  /** 201 answers whose ticket is missing or has another subject. */
  lost: number;
  /** Tickets stored twice (one subject in two rows), or one id answered twice. */
  duplicates: number;
  /** Rows stored without a 201 (a request whose answer never arrived, or worse). */
  unacknowledged: number;
  /** Tickets without their idempotency key or their outbox job (both are written in the ticket's transaction). */
  incomplete: number;
  problems: string[];
}

/**
 * Checks in the database that every ticket that got a 201 exists exactly once (by id and subject),
 * that nothing else was stored, and that each has the idempotency key and outbox job written with it.
 */
export async function auditTickets(url: string, acknowledged: Array<{ id: number; subject: string }>): Promise<TicketAudit> {
  const db = createDb({ url });
  try {
    const rows = await db.kysely.selectFrom('posts').select(['id', 'title']).where('type', '=', 'ticket').execute();
    const keys = await db.kysely.selectFrom('idempotency_keys').select('ticket_id').execute();
    const jobs = await db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'ticket_created').execute();

    const problems: string[] = [];
    const stored = new Map(rows.map((row) => [row.id, row.title]));
    const subjects = new Map<string, number>();
    let duplicates = 0;
    for (const row of rows) {
      const seen = subjects.get(row.title) ?? 0;
      if (seen) {
        duplicates += 1;
        if (problems.length < 10) problems.push(`subject "${row.title}" is stored more than once (ticket ${row.id})`);
      }
      subjects.set(row.title, seen + 1);
    }
    const answered = new Set<number>();
    let lost = 0;
    for (const ticket of acknowledged) {
      if (answered.has(ticket.id)) {
        duplicates += 1;
        if (problems.length < 10) problems.push(`ticket ${ticket.id} was answered 201 twice`);
      }
      answered.add(ticket.id);
      if (stored.get(ticket.id) !== ticket.subject) {
        lost += 1;
        if (problems.length < 10)
          problems.push(
            `ticket ${ticket.id} ("${ticket.subject}") got a 201 but is ` +
              `${stored.has(ticket.id) ? `stored as "${stored.get(ticket.id)}"` : 'not stored'}`,
          );
      }
    }
    const unacknowledged = rows.filter((row) => !answered.has(row.id)).length;
    if (unacknowledged) problems.push(`${unacknowledged} ticket(s) stored without a 201 answer`);

    const withKey = new Set(keys.map((k) => k.ticket_id));
    const withJob = new Set(jobs.map((j) => Number((JSON.parse(j.payload) as { ticketId: number }).ticketId)));
    const incomplete = rows.filter((row) => !withKey.has(row.id) || !withJob.has(row.id)).length;
    if (incomplete) problems.push(`${incomplete} ticket(s) lack their idempotency key or outbox job`);
    if (keys.length !== rows.length || jobs.length !== rows.length)
      problems.push(`${rows.length} tickets but ${keys.length} idempotency keys and ${jobs.length} ticket_created jobs`);

    return { acknowledged: acknowledged.length, rows: rows.length, lost, duplicates, unacknowledged, incomplete, problems };
  } finally {
    await db.close();
  }
}
