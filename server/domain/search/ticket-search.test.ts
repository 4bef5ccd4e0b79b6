import { CompiledQuery, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { storageFor } from '../../db/storage-for.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { bestMatches, MAX_SEARCH_RESULTS, matchingTickets, searchWords } from './ticket-search.js';

it('a search is reduced to its words, an identifier kept as one term: no index syntax gets through', () => {
  expect(searchWords('ORD-98765')).toEqual([['ord', '98765']]);
  expect(searchWords('"a" OR b* NEAR(c) -- \' ; zelda@quist.test')).toEqual([
    ['a'],
    ['or'],
    ['b'],
    ['near', 'c'],
    ['zelda', 'quist', 'test'],
  ]);
  expect(searchWords('  !!! ')).toEqual([]);
  expect(searchWords('Toner toner')).toEqual([['toner']]);
  expect(searchWords('one two three four five six seven eight nine')).toHaveLength(8);
  expect(searchWords('one two three four five six a-b-c').flat()).toHaveLength(8);
});

describeEachDatabase('full-text ticket search', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: { authorization: string };
  let client: { authorization: string };
  let mine: number;
  let other: number;
  const api = (method: 'GET' | 'POST', url: string, headers: object, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: headers as Record<string, string>, payload });
  const found = async (search: string, headers = agent) => {
    const res = await api('GET', `/tickets/?per_page=50&search=${encodeURIComponent(search)}`, headers);
    expect(res.statusCode).toBe(200);
    return (res.json().tickets as Array<{ id: number }>).map((t) => t.id);
  };

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    agent = await hd.authAs('agent');
    client = await hd.authAs('client');
    const email = (await api('GET', '/me', client)).json().user.email as string;
    const file = async (payload: Record<string, unknown>) =>
      (await api('POST', '/tickets/', {}, ticketPayload(payload))).json().id as number;
    mine = await file({ email, subject: 'Printer jams on page two', description: 'The cartridge is new.', order_id: 'ORD-98765' });
    other = await file({ name: 'Zelda Quist', email: 'zelda@quist.test', subject: 'Invoice question', description: 'Where is it?' });
    expect((await api('POST', `/tickets/${mine}/comments`, client, { text: 'Now the toner smudges too.' })).statusCode).toBe(201);
    const note = await api('POST', `/tickets/${mine}/comments`, agent, { text: 'Escalate to the vendor, confidential.', internal: true });
    expect(note.statusCode).toBe(201);
    // A custom field's value, as the form stores it.
    await hd.ctx.db.insertInto('post_meta').values({ post_id: other, meta_key: 'custom_colour', meta_value: 'Mauve' }).execute();
  });

  it('finds a word of a client reply, an order ID, a custom field, the client and the subject (stemmed, by prefix)', async () => {
    expect(await found('toner')).toEqual([mine]);
    expect(await found('ORD-98765')).toEqual([mine]);
    expect(await found('mauve')).toEqual([other]);
    expect(await found('Zelda Quist')).toEqual([other]);
    expect(await found('zelda@quist.test')).toEqual([other]);
    expect(await found('jamming')).toEqual([mine]);
    expect(await found('cartri')).toEqual([mine]);
    // Every word must match; an unknown one finds nothing.
    expect(await found('toner invoice')).toEqual([]);
    expect(await found('"; drop table posts; --')).toEqual([]);
  });

  it('agents find internal notes; a client never does, and finds only their own tickets', async () => {
    expect(await found('confidential')).toEqual([mine]);
    expect(await found('confidential', client)).toEqual([]);
    expect(await found('toner', client)).toEqual([mine]);
    expect(await found('mauve', client)).toEqual([]);
  });

  it('ranks a subject match before a match in a comment, whatever was updated last', async () => {
    const titled = (await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Smudges everywhere', description: 'x' }))).json().id;
    // The other ticket is the most recently updated one, but only a comment holds the word.
    await api('POST', `/tickets/${mine}/comments`, agent, { text: 'Smudges are normal at first.' });
    expect(await found('smudges')).toEqual([titled, mine]);
  });

  it("a search's total and counts per status are those of the tickets it lists, bare digits finding the number too", async () => {
    const { number } = (await api('GET', `/tickets/${other}`, agent)).json();
    const mentions = (await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Follow-up', description: `See ${number}.` }))).json().id;
    const res = await api('GET', `/tickets/?per_page=50&search=${number}`, agent);
    const page = res.json() as { tickets: Array<{ id: number }>; total: number; counts: Record<string, number> };
    expect(page.tickets.map((t) => t.id)).toEqual(expect.arrayContaining([other, mentions]));
    expect(page.total).toBe(page.tickets.length);
    expect(Object.values(page.counts).reduce((a, b) => a + b, 0)).toBe(page.tickets.length);
  });

  it('matches an email or an order ID as one term: its words in order, not each alone anywhere', async () => {
    const file = async (payload: Record<string, unknown>) =>
      (await api('POST', '/tickets/', {}, ticketPayload(payload))).json().id as number;
    const zeld = await file({ name: 'Zeld Quist', email: 'zeld@quist.test', subject: 'Hello', description: 'A question.' });
    // `zeld`, `quist` and `test` each start a word of Zelda's email too; only Zeld's is the one searched.
    expect(await found('zeld@quist.test')).toEqual([zeld]);
    expect(await found('zelda@quist.test')).toEqual([other]);
    // The same words apart, or in another order, are not the order ID; its start still finds it.
    const apart = await file({ subject: 'Order 98765 of the ord series', description: 'x', order_id: '98765-ORD' });
    expect(await found('ORD-98765')).toEqual([mine]);
    expect(await found('ORD-987')).toEqual([mine]);
    expect(await found('ord 98765')).toEqual(expect.arrayContaining([mine, apart]));
  });

  it('a word in more messages than are ranked lists the tickets of the newest of them', async () => {
    const file = async (subject: string) => (await api('POST', '/tickets/', {}, ticketPayload({ subject, description: 'x' }))).json().id;
    const old = await file('An old question');
    const recent = await file('A recent question');
    const createdAt = new Date().toISOString();
    // The best match by every measure but age: the word three times, in the oldest message.
    await hd.ctx.db
      .insertInto('comments')
      .values({ post_id: old, author_id: null, author_role: 'agent', content: 'Zorbify, zorbify, zorbify.', created_at: createdAt })
      .execute();
    const many = Array.from({ length: 1000 }, (_, i) => ({
      post_id: recent,
      author_id: null,
      author_role: 'agent' as const,
      content: `Message ${i}: try to zorbify it again, with the usual settings and a little more patience than before.`,
      created_at: createdAt,
    }));
    await hd.ctx.db.insertInto('comments').values(many).execute();
    expect(await found('zorbify')).toEqual([recent]);
  });

  it('a word in more tickets than are ranked lists the newest of them, even before an older subject match', async () => {
    const old = (await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Quorble again', description: 'x' }))).json().id;
    const now = new Date().toISOString();
    const newer = Array.from({ length: 1000 }, (_, i) => ({
      type: 'ticket',
      status: 'publish',
      title: `Question ${i}`,
      content: 'The quorble is stuck.',
      slug: '',
      author_id: null,
      product_id: null,
      parent_id: null,
      assignee_id: null,
      menu_order: 0,
      number: null,
      created_at: now,
      updated_at: now,
    }));
    await hd.ctx.db.insertInto('posts').values(newer).execute();
    const ids = await found('quorble');
    expect(ids).toHaveLength(50);
    expect(ids).not.toContain(old);
  });

  it('on PostgreSQL, a search of the messages is never split across parallel workers', async () => {
    // SQLite has no parallel scans: nothing to hold there.
    if (dialect !== 'postgres') return;
    const { rows } = await sql<{ options: string[] | null }>`select reloptions as options from pg_class where relname = 'comments'`.execute(
      hd.ctx.db,
    );
    expect(rows[0]?.options).toContain('parallel_workers=0');
  });

  it('on PostgreSQL, the clients a search names are found by their text index, not by reading every client', async () => {
    if (dialect !== 'postgres') return;
    // Thousands of clients with few tickets, before any statistics: a fresh install. With the clients joined to
    // the tickets, PostgreSQL walked every client by id and parsed each name and email (25 ms at 5,000).
    await sql`insert into users (email, name, role, created_at, updated_at)
      select 'many' || n || '@clients.test', 'Client ' || n, 'client', '2026-11-29T00:00:00.000Z', '2026-11-29T00:00:00.000Z'
      from generate_series(1, 5000) n`.execute(hd.ctx.db);
    try {
      const found = matchingTickets(storageFor('postgres'), searchWords('zyzzyva'), { includeNotes: true });
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) select * from ${found} as found`.execute(hd.ctx.db);
      const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
      expect(plan).toContain('"Index Name":"users_text"');
      expect(plan).not.toContain('"Index Name":"users_pkey"');
    } finally {
      await hd.ctx.db.deleteFrom('users').where('email', 'like', 'many%@clients.test').execute();
    }
  });

  it("on SQLite, a client's search runs each full-text query once, not once per ticket of theirs", async () => {
    // PostgreSQL reads its text indexes once either way.
    if (dialect !== 'sqlite') return;
    const found = matchingTickets(storageFor('sqlite'), searchWords('export'), { includeNotes: false, authorId: 1 });
    const query = sql`select * from ${found} as found`.compile(hd.ctx.db);
    const plan = await hd.ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const scans = plan.rows.map((r) => r.detail).filter((d) => d.includes('VIRTUAL TABLE'));
    expect(scans).toHaveLength(4);
    // `=` in FTS5's plan is a rowid handed in per ticket: the query (a prefix's whole word list) redone each time.
    expect(scans.filter((d) => /INDEX \d+:=/.test(d))).toEqual([]);
  });

  it('finds the newest messages of a word whether the newest tickets hold enough of them or not', async () => {
    // Six tickets; the word in a message of the first two and of the last two, and in none between.
    const ids: number[] = [];
    for (const subject of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
      ids.push((await api('POST', '/tickets/', {}, ticketPayload({ subject: `Question ${subject}` }))).json().id as number);
    }
    const say = (ticket: number, text: string, times = 1) =>
      hd.ctx.db
        .insertInto('comments')
        .values(
          Array.from({ length: times }, () => ({
            post_id: ticket,
            author_id: null,
            author_role: 'client',
            content: text,
            created_at: '2026-11-29T00:00:00.000Z',
          })),
        )
        .execute();
    for (const ticket of [ids[0], ids[1], ids[4], ids[5]] as number[]) await say(ticket, 'The fuser unit rattles.');
    const newest = ids[5] as number;
    const window = (last: number) => newest - last; // the tickets after `last` are the recent ones
    const tickets = async (recentTickets: number) =>
      (await bestMatches(hd.ctx.db, hd.ctx.storage, searchWords('fuser'), { includeNotes: true }, recentTickets))
        .map((m) => m.ticket_id)
        .sort();
    const everywhere = await tickets(1_000_000);
    expect(everywhere).toEqual([ids[0], ids[1], ids[4], ids[5]].sort());
    // Too few in the two newest tickets: the older ones are searched too.
    expect(await tickets(window(ids[3] as number))).toEqual(everywhere);
    // Enough in the newest ticket alone (as many as a search lists): the older are not needed, and not read.
    await say(newest, 'The fuser again.', MAX_SEARCH_RESULTS);
    expect(await tickets(window(ids[4] as number))).toEqual([newest]);
    expect(await tickets(1_000_000)).toEqual([newest]);
  });

  it('finds a ticket by its #number, never by its id', async () => {
    const { number } = (await api('GET', `/tickets/${other}`, agent)).json();
    expect(await found(`#${number}`)).toContain(other);
    // Docs and earlier tickets came first, so the id is another number than the one people read.
    expect(other).not.toBe(number);
    expect(await found(`#${other}`)).not.toContain(other);
  });
});
