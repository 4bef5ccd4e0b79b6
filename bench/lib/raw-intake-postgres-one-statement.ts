import pg from 'pg';

// Every row of a widget submission in one statement (one round trip, its own transaction): the
// account (created by the first ticket of an email), ticket, status and urgency, order meta, outbox
// job and idempotency key. `do update` rather than `do nothing`, so the account's id is returned
// even when another connection created it after this statement's snapshot.
const FILE_TICKET = `
with u as (
  insert into users (email, name, role, password_hash, created_at, updated_at)
  values ($1, 'Bench Client', 'client', null, $2, $2)
  on conflict (email) do update set updated_at = excluded.updated_at returning id
), t as (
  insert into posts (type, status, title, content, slug, author_id, product_id, parent_id, menu_order, created_at, updated_at)
  select 'ticket', 'publish', $3, 'I click Export and nothing happens.', '', u.id, null, null, 0, $2, $2 from u returning id
), r as (
  insert into term_relationships (post_id, taxonomy, term_id)
  select id, 'ticket_status', $4::int from t union all select id, 'ticket_urgency', $5::int from t
), m as (
  insert into post_meta (post_id, meta_key, meta_value) select id, 'order', $6 from t
), j as (
  insert into jobs (kind, payload, state, attempts, run_at, last_error, created_at)
  select 'ticket_created', json_build_object('ticketId', id)::text, 'queued', 0, $2, null, $2 from t
), k as (
  insert into idempotency_keys (key, ticket_id, created_at) select $7, id, $2 from t
)
select id from t`;

/**
 * The PostgreSQL baseline the issue names: plain `pg`, the rows of one submission written by one
 * statement per ticket, `connections` loops each on its own connection. Returns tickets per second.
 */
export async function measureRawIntakePostgresOneStatement(
  url: string,
  seconds: number,
  ids: { statusId: number; urgencyId: number },
  options: { connections: number; ticketsPerEmail: number; run: string },
): Promise<number> {
  const clients = Array.from({ length: options.connections }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  const time = new Date().toISOString();
  let next = 0;
  let filed = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        const n = next++;
        const email = `${options.run}-${Math.floor(n / options.ticketsPerEmail)}@bench.test`;
        // A named prepared statement, as a tuned client would use: parsed once per connection.
        await client.query({
          name: 'file-ticket',
          text: FILE_TICKET,
          values: [email, time, `Subject ${options.run}-${n}`, ids.statusId, ids.urgencyId, `ORD-${n}`, `${options.run}-key-${n}`],
        });
        filed += 1;
      }
    }),
  );
  const rate = filed / ((performance.now() - start) / 1000);
  await Promise.all(clients.map((c) => c.end()));
  return rate;
}
