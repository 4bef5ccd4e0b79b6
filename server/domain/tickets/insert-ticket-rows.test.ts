import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  sql,
  type UnknownRow,
} from 'kysely';
import { expect, it } from 'vitest';
import { firstTermId } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addUser } from '../people/add-user.js';
import { fileTicketInOneStatement, insertTicketRows } from './insert-ticket-rows.js';

/** Counts the statements sent through the Kysely it is plugged into. */
class CountStatements implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs) {
    this.count += 1;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

describeEachDatabase('the rows of a new ticket', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('are the post, its terms and meta, its outbox job and key; on PostgreSQL in one statement', async () => {
    const client = await addUser(hd.ctx, { email: 'rows@example.com', name: 'Rows Client', role: 'client' });
    const status = await firstTermId(hd.ctx, 'ticket_status');
    const urgency = await firstTermId(hd.ctx, 'ticket_urgency');
    const counter = new CountStatements();
    const { id, number } = await insertTicketRows(hd.ctx.db.withPlugin(counter), hd.ctx.storage, {
      title: 'Export fails',
      content: 'It "fails" — with quotes, a dash and\na second line.',
      authorId: client.id,
      productId: null,
      terms: [
        { taxonomy: 'ticket_status', termId: status },
        { taxonomy: 'ticket_urgency', termId: urgency },
      ],
      meta: { order: 'ORD-7', custom_plan: 'Pro' },
      idempotencyKey: `rows-key-${dialect}`,
    });
    if (dialect === 'postgres') expect(counter.count).toBe(1);
    expect(number).toBe(1);
    const db = hd.ctx.db;
    expect(
      await db
        .selectFrom('posts')
        .select(['type', 'status', 'title', 'content', 'author_id', 'slug', 'number'])
        .where('id', '=', id)
        .execute(),
    ).toEqual([
      {
        type: 'ticket',
        status: 'publish',
        title: 'Export fails',
        content: 'It "fails" — with quotes, a dash and\na second line.',
        author_id: client.id,
        slug: '',
        // The first ticket of this site: numbered in the same statement (PostgreSQL) or transaction (SQLite).
        number: 1,
      },
    ]);
    const stored = await db
      .selectFrom('term_relationships')
      .select(['taxonomy', 'term_id'])
      .where('post_id', '=', id)
      .orderBy('taxonomy')
      .execute();
    expect(stored).toEqual([
      { taxonomy: 'ticket_status', term_id: status },
      { taxonomy: 'ticket_urgency', term_id: urgency },
    ]);
    const meta = await db
      .selectFrom('post_meta')
      .select(['meta_key', 'meta_value'])
      .where('post_id', '=', id)
      .orderBy('meta_key')
      .execute();
    expect(meta).toEqual([
      { meta_key: 'custom_plan', meta_value: 'Pro' },
      { meta_key: 'order', meta_value: 'ORD-7' },
    ]);
    const job = await db
      .selectFrom('jobs')
      .select(['kind', 'payload', 'state'])
      .where('payload', '=', JSON.stringify({ ticketId: id }))
      .execute();
    expect(job).toEqual([{ kind: 'ticket_created', payload: JSON.stringify({ ticketId: id }), state: 'queued' }]);
    expect(await db.selectFrom('idempotency_keys').select('ticket_id').where('key', '=', `rows-key-${dialect}`).execute()).toEqual([
      { ticket_id: id },
    ]);
  });
});

describeEachDatabase('the one filing statement on PostgreSQL', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it.runIf(dialect === 'postgres')(
    'writes the post once: its status and urgency copies are set by the insert, not by the triggers',
    async () => {
      const client = await addUser(hd.ctx, { email: 'once@example.com', name: 'Once Client', role: 'client' });
      const status = await firstTermId(hd.ctx, 'ticket_status');
      const urgency = await firstTermId(hd.ctx, 'ticket_urgency');
      const rows = {
        title: 'Written once',
        content: 'One version of the row.',
        productId: null,
        terms: [
          { taxonomy: 'ticket_status' as const, termId: status },
          { taxonomy: 'ticket_urgency' as const, termId: urgency },
        ],
        meta: {},
      };
      await hd.ctx.db.transaction().execute(async (trx) => {
        const outcome = await fileTicketInOneStatement(hd.ctx.storage, trx, rows, { kind: 'email', email: client.email });
        expect(outcome.kind).toBe('created');
        // This transaction's own updates of posts, triggers included.
        const { rows: stats } = await sql<{ n: string }>`select pg_stat_get_xact_tuples_updated('posts'::regclass) as n`.execute(trx);
        expect(Number(stats[0]?.n)).toBe(0);
        const post = await trx
          .selectFrom('posts')
          .select(['status_term_id', 'urgency_term_id', 'reason_term_id'])
          .where('id', '=', outcome.kind === 'created' ? outcome.id : 0)
          .executeTakeFirstOrThrow();
        expect(post).toEqual({ status_term_id: status, urgency_term_id: urgency, reason_term_id: null });
      });
    },
  );
});
