import { type Kysely, type RawBuilder, sql } from 'kysely';
import { PREPARED } from '../prepared-statements.js';
import type { Database, Taxonomy } from '../tables.js';
import type { Counting, OneStatementOutcome, TicketAccount, TicketRows } from '../ticket-filing.js';

function accountPart(account: TicketAccount, gate: RawBuilder<unknown>) {
  const time = new Date().toISOString();
  switch (account.kind) {
    case 'id':
      return sql`u as (select ${account.id}::int as id, false as made where ${gate})`;
    case 'email':
      // An account's own email, else one of a client's other addresses (client_addresses).
      return sql`u as (select id, false as made from (select id from users where email = ${account.email}
        union all select user_id from client_addresses where address = ${account.email} limit 1) as known where ${gate})`;
    case 'create': {
      const email = account.email;
      // The account found, or made when there is none; `do update` (to the same value) rather than
      // `do nothing`, so the id is returned even when another submission made the account after this
      // statement's snapshot (the bench's clients send their first tickets at once).
      const domain = email.slice(email.lastIndexOf('@') + 1);
      // A new client joins the organisation listing their mail domain (organisation_domains), as insertUserOnce does.
      return sql`found as (select id from users where email = ${email}
          union all select user_id from client_addresses where address = ${email} limit 1),
        made as (
          insert into users (email, name, role, password_hash, language, created_at, updated_at, organisation_id)
          select ${email}, ${account.name.trim()}, 'client', null, ${account.language}, ${time}, ${time},
            (select organisation_id from organisation_domains where domain = ${domain})
          where not exists (select 1 from found) and ${gate}
          on conflict (email) do update set email = excluded.email returning id),
        u as (select id, false as made from found where ${gate} union all select id, true as made from made)`;
    }
  }
}

/** The counters' CTEs and `within_limits`, a row only when every count is within its maximum. */
function countingParts({ counting, maxima }: Counting): RawBuilder<unknown>[] {
  const ceilings = sql.join(counting.rowKeys.map((key, i) => sql`(${key}::text, ${maxima[i]}::bigint)`));
  return [
    counting.ctes,
    sql`within_limits as (select 1 where not exists (
      select 1 from counted c join (values ${ceilings}) as l(key, max) on l.key = c.key where c.count > l.max))`,
  ];
}

/**
 * A whole filing in one statement, so one round trip. The account is looked up (or made) and, with `replay`,
 * the idempotency key's earlier ticket is found in the statement itself; the ticket's rows (post, terms, meta,
 * its `ticket_created` outbox job, its key, its reports' row) are written only when the account exists, the key is new and the
 * counters carried (if any) are within their limits. Two racing submissions with one key: the loser fails on
 * the key's unique index and writes nothing, its counts included. An account's email comes normalized and
 * checked (the domain's rules); a new account's name is trimmed here.
 */
export async function fileTicketInOneStatement(
  db: Kysely<Database>,
  rows: Omit<TicketRows, 'authorId'>,
  account: TicketAccount,
  replay: boolean,
  counters?: Counting,
): Promise<OneStatementOutcome> {
  const time = new Date().toISOString();
  const terms = sql.join(rows.terms.map(({ taxonomy, termId }) => sql`(${taxonomy}::text, ${termId}::int)`));
  const meta = Object.entries(rows.meta);
  const findsPrior = replay && rows.idempotencyKey !== undefined;
  const gate = counters ? sql`exists (select 1 from within_limits)` : sql`true`;
  // The post carries its status, reason and urgency copies from the start (migration 070): the triggers on
  // term_relationships then find them set and write no second and third version of the row.
  const copy = (taxonomy: Taxonomy) => rows.terms.find((term) => term.taxonomy === taxonomy)?.termId ?? null;
  const parts = [
    ...(counters ? countingParts(counters) : []),
    accountPart(account, gate),
    ...(findsPrior ? [sql`prior as (select ticket_id from idempotency_keys where key = ${rows.idempotencyKey})`] : []),
    sql`t as (
      insert into posts (type, status, title, content, slug, author_id, product_id, parent_id, menu_order, number, created_at,
        updated_at, client_spoke_last, status_term_id, reason_term_id, urgency_term_id)
      select 'ticket', 'publish', ${rows.title}, ${rows.content}, '', u.id, ${rows.productId}::int, null, 0,
        nextval('ticket_number_seq'), ${time}, ${time}, 1, ${copy('ticket_status')}::int, ${copy('ticket_reason')}::int,
        ${copy('ticket_urgency')}::int
      from u ${findsPrior ? sql`where not exists (select 1 from prior)` : sql``}
      returning id, number)`,
    sql`r as (
      insert into term_relationships (post_id, taxonomy, term_id)
      select t.id, v.taxonomy, v.term_id from t, (values ${terms}) as v(taxonomy, term_id))`,
    // The payload as enqueueJob writes it (JSON.stringify of { newClientId?, ticketId }): an account this statement
    // made is named, so the job sends its client.created webhook (insertUserOnce does so on the other paths).
    sql`j as (
      insert into jobs (kind, payload, state, attempts, run_at, last_error, created_at)
      select 'ticket_created', case when u.made then '{"newClientId":' || u.id || ',' else '{' end || '"ticketId":' || t.id || '}',
        'queued', 0, ${time}, null, ${time} from t, u)`,
  ];
  if (meta.length) {
    const values = sql.join(meta.map(([key, value]) => sql`(${key}::text, ${value}::text)`));
    parts.push(
      sql`m as (insert into post_meta (post_id, meta_key, meta_value) select t.id, v.k, v.v from t, (values ${values}) as v(k, v))`,
    );
  }
  if (rows.reportFacts) {
    const { createdAt, channel, status, heldSince } = rows.reportFacts;
    parts.push(
      sql`f as (insert into ticket_report_facts (ticket_id, created_at, channel, status, held_since)
        select t.id, ${createdAt}::text, ${channel}::text, ${status}::text, ${heldSince}::text from t)`,
    );
  }
  if (rows.idempotencyKey)
    parts.push(sql`k as (insert into idempotency_keys (key, ticket_id, created_at) select ${rows.idempotencyKey}, t.id, ${time} from t)`);
  // One row per outcome (the earlier ticket as findReplay reads it: its number and status slug), then
  // one per counter hit.
  const answers = [
    sql`select 'created' as outcome, id, number, null::text as status, null::text as counter, null::bigint as count,
      null::bigint as reset_at from t`,
    ...(findsPrior
      ? [
          sql`select 'replayed', p.id, p.number, s.slug, null, null, null from prior
            join posts p on p.id = prior.ticket_id
            join term_relationships tr on tr.post_id = p.id and tr.taxonomy = 'ticket_status'
            join terms s on s.id = tr.term_id`,
        ]
      : []),
    ...(counters ? [sql`select 'counted', null, null, null, key, count, reset_at from counted`] : []),
  ];
  const result = await sql<{
    outcome: 'created' | 'replayed' | 'counted';
    id: number | null;
    number: number | null;
    status: string | null;
    counter: string | null;
    count: string | null;
    reset_at: string | null;
  }>`${PREPARED} with ${sql.join(parts)} ${sql.join(answers, sql` union all `)}`.execute(db);
  const counted = result.rows.filter((row) => row.outcome === 'counted');
  const hits = counters
    ? counters.counting.read(counted.map((row) => ({ key: row.counter ?? '', count: row.count ?? 0, reset_at: row.reset_at ?? 0 })))
    : [];
  const row = result.rows.find((r) => r.outcome !== 'counted');
  if (row === undefined) return { kind: 'no_account', hits };
  const ticket = { id: Number(row.id), number: Number(row.number) };
  return row.outcome === 'created' ? { kind: 'created', ...ticket, hits } : { kind: 'replayed', status: row.status ?? '', ...ticket, hits };
}
