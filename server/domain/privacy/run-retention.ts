import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import { takeLease } from '../../db/take-lease.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import type { DomainContext } from '../context.js';
import { deleteTicket } from '../tickets/delete-ticket.js';
import { anonymisedTitle, anonymiseTickets, eraseClient } from './erase-client.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many rows of each kind per pass: a pass is short, and the next pass takes the rest. */
export const RETENTION_BATCH = 200;
const LEASE = 'privacy-retention';
// Longer than one pass takes; the holder renews it each pass, so one instance does the work while it runs.
const LEASE_MS = 15 * 60 * 1000;
const HOLDER = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;

/** What the retention settings would remove now (preview) or removed in one pass (run). */
export interface RetentionCounts {
  closed_tickets: number;
  inactive_clients: number;
  inbound_mails: number;
  sent_mails: number;
  webhook_deliveries: number;
}

type Settings = Awaited<ReturnType<typeof getCoreSettings>>['privacy'];
const cutoffOf = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS).toISOString();

/** Tickets in Closed with no change for `days` (not already anonymised). */
function closedTickets(db: Kysely<Database>, cutoff: string) {
  return db
    .selectFrom('posts as p')
    .innerJoin('terms as t', 't.id', 'p.status_term_id')
    .where('p.type', '=', 'ticket')
    .where('t.slug', '=', 'closed')
    .where('p.updated_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('post_meta as m').select('m.id').whereRef('m.post_id', '=', 'p.id').where('m.meta_key', '=', 'privacy_anonymised'),
        ),
      ),
    );
}

/** Client accounts made before the cutoff with no ticket of theirs changed since. */
function inactiveClients(db: Kysely<Database>, cutoff: string) {
  return db
    .selectFrom('users as u')
    .where('u.role', '=', 'client')
    .where('u.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('posts as p')
            .select('p.id')
            .whereRef('p.author_id', '=', 'u.id')
            .where('p.type', '=', 'ticket')
            .where('p.updated_at', '>=', cutoff),
        ),
      ),
    );
}

const mailRecords = (db: Kysely<Database>, cutoff: string) => ({
  inbound_mails: db.selectFrom('inbound_mails').where('created_at', '<', cutoff),
  sent_mails: db.selectFrom('sent_mails').where('created_at', '<', cutoff),
  // One still being retried stays; its attempts go with it (ON DELETE CASCADE).
  webhook_deliveries: db.selectFrom('webhook_deliveries').where('state', 'in', ['delivered', 'failed']).where('created_at', '<', cutoff),
});

// biome-ignore lint/suspicious/noExplicitAny: any of the queries above, each over its own tables.
const count = async (query: SelectQueryBuilder<any, any, object>) =>
  Number((await query.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

/** How many rows each retention setting would remove now, with `settings` (the stored ones when absent). */
export async function previewRetention(ctx: DomainContext, settings?: Settings, at = new Date()): Promise<RetentionCounts> {
  const s = settings ?? (await getCoreSettings(ctx)).privacy;
  const counts: RetentionCounts = { closed_tickets: 0, inactive_clients: 0, inbound_mails: 0, sent_mails: 0, webhook_deliveries: 0 };
  if (s.delete_closed_tickets_after_days > 0)
    counts.closed_tickets = await count(closedTickets(ctx.db, cutoffOf(at, s.delete_closed_tickets_after_days)));
  if (s.delete_inactive_clients_after_days > 0)
    counts.inactive_clients = await count(inactiveClients(ctx.db, cutoffOf(at, s.delete_inactive_clients_after_days)));
  if (s.mail_records_after_days > 0) {
    const records = mailRecords(ctx.db, cutoffOf(at, s.mail_records_after_days));
    counts.inbound_mails = await count(records.inbound_mails);
    counts.sent_mails = await count(records.sent_mails);
    counts.webhook_deliveries = await count(records.webhook_deliveries);
  }
  return counts;
}

/**
 * One pass of Settings → Privacy → Retention, from the worker's housekeeping: at most RETENTION_BATCH of each
 * kind (closed tickets deleted or anonymised, inactive clients erased, mail and webhook delivery records
 * deleted); the next pass takes the rest. Only the instance holding the `privacy-retention` lease runs it, so
 * two instances never work on one row. Returns what it removed (all zero when another instance holds the lease).
 */
export async function runRetention(ctx: DomainContext, at = new Date(), batch = RETENTION_BATCH): Promise<RetentionCounts> {
  const done: RetentionCounts = { closed_tickets: 0, inactive_clients: 0, inbound_mails: 0, sent_mails: 0, webhook_deliveries: 0 };
  const s = (await getCoreSettings(ctx)).privacy;
  const anything = s.delete_closed_tickets_after_days > 0 || s.delete_inactive_clients_after_days > 0 || s.mail_records_after_days > 0;
  if (!anything || !(await takeLease(ctx.db, LEASE, HOLDER, LEASE_MS))) return done;
  if (s.delete_closed_tickets_after_days > 0) {
    const ids = (
      await closedTickets(ctx.db, cutoffOf(at, s.delete_closed_tickets_after_days)).select('p.id').orderBy('p.id').limit(batch).execute()
    ).map((r) => r.id);
    if (s.closed_tickets_mode === 'delete') for (const id of ids) await deleteTicket(ctx, id);
    else await anonymiseTickets(ctx, ids, await anonymisedTitle(ctx));
    done.closed_tickets = ids.length;
  }
  if (s.delete_inactive_clients_after_days > 0) {
    const ids = (
      await inactiveClients(ctx.db, cutoffOf(at, s.delete_inactive_clients_after_days))
        .select('u.id')
        .orderBy('u.id')
        .limit(batch)
        .execute()
    ).map((r) => r.id);
    for (const id of ids) await eraseClient(ctx, id, s.closed_tickets_mode, null);
    done.inactive_clients = ids.length;
  }
  if (s.mail_records_after_days > 0) {
    const cutoff = cutoffOf(at, s.mail_records_after_days);
    const records = mailRecords(ctx.db, cutoff);
    const inbound = (await records.inbound_mails.select('id').orderBy('id').limit(batch).execute()).map((r) => r.id);
    if (inbound.length) await ctx.db.deleteFrom('inbound_mails').where('id', 'in', inbound).execute();
    const sent = (await records.sent_mails.select('id').orderBy('id').limit(batch).execute()).map((r) => r.id);
    if (sent.length) await ctx.db.deleteFrom('sent_mails').where('id', 'in', sent).execute();
    const deliveries = (await records.webhook_deliveries.select('id').orderBy('id').limit(batch).execute()).map((r) => r.id);
    if (deliveries.length) await ctx.db.deleteFrom('webhook_deliveries').where('id', 'in', deliveries).execute();
    Object.assign(done, { inbound_mails: inbound.length, sent_mails: sent.length, webhook_deliveries: deliveries.length });
  }
  return done;
}
