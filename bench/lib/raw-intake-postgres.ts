import pg from 'pg';

/**
 * The PostgreSQL baseline for ticket intake: the rows a widget submission writes (account on the first
 * ticket of each email, ticket, status and urgency terms, order meta, outbox job, idempotency key), one
 * transaction per ticket, sent by `concurrency` loops over a pool of `poolSize` connections with plain
 * `pg`. Returns tickets per second.
 */
export async function measureRawIntakePostgres(
  url: string,
  seconds: number,
  ids: { statusId: number; urgencyId: number },
  options: { concurrency: number; poolSize: number; ticketsPerEmail: number },
): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize });
  // pool.end() resolves before its sockets are closed; dropping the database then ends them with an error.
  pool.on('error', () => {});
  const time = new Date().toISOString();
  let next = 0;
  let filed = 0;
  const fileTicket = async (n: number) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const email = `raw${Math.floor(n / options.ticketsPerEmail)}@bench.test`;
      await client.query(
        `insert into users (email, name, role, password_hash, created_at, ` +
          `updated_at) values ($1, 'Bench Client', 'client', null, $2, $2) on ` +
          `conflict (email) do nothing`,
        [email, time],
      );
      const user = (await client.query('select id from users where email = $1', [email])).rows[0] as { id: number };
      const ticket = (
        await client.query(
          `insert into posts (type, status, title, content, slug, author_id, product_id, parent_id, menu_order, created_at, updated_at)
           values ('ticket', 'publish', $1, 'Description of the problem', '', $2, null, null, 0, $3, $3) returning id`,
          [`Subject ${n}`, user.id, time],
        )
      ).rows[0] as { id: number };
      await client.query(
        `insert into term_relationships (post_id, taxonomy, term_id) values ($1, 'ticket_status', $2), ($1, 'ticket_urgency', $3)`,
        [ticket.id, ids.statusId, ids.urgencyId],
      );
      await client.query(`insert into post_meta (post_id, meta_key, meta_value) values ($1, 'order', $2)`, [ticket.id, `ORD-${n}`]);
      await client.query(
        `insert into jobs (kind, payload, state, attempts, run_at, last_error, ` +
          `created_at) values ('ticket_created', $1, 'queued', 0, $2, null, $2)`,
        [JSON.stringify({ ticketId: ticket.id }), time],
      );
      await client.query('insert into idempotency_keys (key, ticket_id, created_at) values ($1, $2, $3)', [
        `raw-key-${n}`,
        ticket.id,
        time,
      ]);
      await client.query('commit');
      filed += 1;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end) await fileTicket(next++);
    }),
  );
  const rate = filed / ((performance.now() - start) / 1000);
  await pool.end();
  return rate;
}
