import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// Mail shows a subject's dots as look-alikes, so no subject becomes a link (docs/SECURITY.md).
import { unlinkableText } from '../../common/unlinkable-text.js';
import { createDb, type Db } from '../db/create-db.js';
import { MIGRATION_NAMES } from '../db/migrate.js';
import { type HelpdeskProcess, startHelpdeskProcess } from '../test/helpdesk-process.js';
import { HttpBrowser } from '../test/http-browser.js';
import { linkIn, type ReceivedMail, type SmtpSink, startSmtpSink } from '../test/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';
import { waitUntil } from '../test/wait-until.js';

// Two real `helpdesk serve` processes (each with its own data folder and in-process mail worker)
// share one fresh PostgreSQL database, one Redis (under a key prefix of this run) and one SMTP sink,
// behind an imaginary load balancer at HOME_URL that adds one X-Forwarded-For hop.

const HOME_URL = 'http://help.test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EMAIL_LIMIT = 8;

async function isRedisUp(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.quit().catch(() => {});
  }
}

const postgresUrl = inject('postgresUrl');
const redisUp = await isRedisUp();
if (postgresUrl && !redisUp)
  console.warn(`\nNOTICE: no Redis at ${REDIS_URL}; the several-instances test is SKIPPED. Set TEST_REDIS_URL.\n`);

/** Runs `tasks` with at most `width` in flight, in order: neighbours in the list run together. */
async function runPool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

describe.skipIf(!postgresUrl || !redisUp)('several instances sharing one PostgreSQL, Redis and SMTP server', () => {
  const runId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const redisPrefix = `helpdesk-test:${runId}:`;
  const dirs: string[] = [];
  let database: TestDatabase;
  let sink: SmtpSink;
  let db: Db;
  let a: HelpdeskProcess & { url: string };
  let b: HelpdeskProcess & { url: string };
  let adminToken = '';
  const agent = { email: `agent-${runId}@staff.test`, password: 'a long agent password' };
  let ipCounter = 0;
  /** A client address the load balancer saw: each submission its own, so only the email limit bites. */
  const nextIp = () => {
    ipCounter += 1;
    return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    sink = await startSmtpSink();
    const shared = {
      DATABASE_URL: database.url,
      HELPDESK_HOME_URL: HOME_URL,
      HELPDESK_ENCRYPTION_SEED: randomBytes(32).toString('hex'),
      REDIS_URL,
      HELPDESK_REDIS_PREFIX: redisPrefix,
      SMTP_URL: sink.url,
      HELPDESK_TRUST_PROXY_HOPS: '1',
      LOG_LEVEL: 'warn',
    };
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'helpdesk-instance-'));
      dirs.push(dir);
      return dir;
    };
    const [dirA, dirB] = [dataDir(), dataDir()];
    // Started at the same moment against the empty database: their migrations race.
    const started = await Promise.allSettled([
      startHelpdeskProcess({ ...shared, HELPDESK_DATA_DIR: dirA }, dirA),
      startHelpdeskProcess({ ...shared, HELPDESK_DATA_DIR: dirB }, dirB),
    ]);
    const running = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) {
      await Promise.all(running.map((instance) => instance.stop()));
      throw failed.reason;
    }
    [a, b] = running as [typeof a, typeof b];
    db = createDb({ url: database.url, poolSize: 2 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await sink?.close();
    const redis = createClient({ url: REDIS_URL });
    redis.on('error', () => {});
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
    await redis.quit();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const api = (instance: { url: string }, path: string) => `${instance.url}/api/helpdesk/v1${path}`;
  const bearer = () => ({ authorization: `Bearer ${adminToken}` });

  it('both start at once on the empty database: the migrations run once and neither fails', async () => {
    const applied = await db.kysely
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect((applied as { name: string }[]).map((row) => row.name).sort()).toEqual([...MIGRATION_NAMES].sort());
    const pages = await db.kysely.selectFrom('posts').select('slug').where('type', '=', 'page').execute();
    expect(pages).toHaveLength(2);
    for (const instance of [a, b]) {
      expect(instance.output()).not.toMatch(/migration failed|error/i);
      // One HELPDESK_ENCRYPTION_SEED for both: no warning that their seeds disagree.
      expect(instance.output()).not.toContain('HELPDESK_ENCRYPTION_SEED');
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
    }
  });

  it('serve the widget script with the same ETag, so a browser revalidating through the other instance gets a 304', async () => {
    const first = await fetch(`${a.url}/helpdesk/tickets/embed/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    const again = await fetch(`${b.url}/helpdesk/tickets/embed/`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('each prints a first-admin link that works on the other; the first one used makes the only admin', async () => {
    const tokenOf = async (instance: HelpdeskProcess) =>
      (await instance.waitForOutput(/\/login\/first-admin\/\?token=([\w-]{43})/))[1] as string;
    const [tokenA, tokenB] = [await tokenOf(a), await tokenOf(b)];
    expect(tokenA).not.toBe(tokenB);
    expect((await fetch(`${b.url}/login/first-admin/?token=${tokenA}`)).status).toBe(200);
    expect((await fetch(`${a.url}/login/first-admin/?token=${tokenB}`)).status).toBe(200);

    const browser = new HttpBrowser();
    const claimed = await browser.request(`${b.url}/login/first-admin/`, {
      form: { token: tokenA, name: 'Ada Admin', email: `ada-${runId}@staff.test`, password: 'first admin password' },
    });
    expect(claimed.status).toBe(200);
    adminToken = /<pre class="token">([^<]+)<\/pre>/.exec(claimed.body)?.[1] ?? '';
    expect(adminToken).toMatch(/^hd_/);
    expect((await fetch(`${a.url}/login/first-admin/?token=${tokenB}`)).status).toBe(410);
  });

  it('settings saved through one instance reach the other within its cache time', async () => {
    const saved = await fetch(api(a, '/settings'), {
      method: 'PATCH',
      headers: { ...bearer(), 'content-type': 'application/json' },
      // Every client is mailed each confirmation here, so the per-address mail limit is out of the way.
      body: JSON.stringify({
        tickets: { create_accounts: true, limit_email_hour: EMAIL_LIMIT, limit_mail_hour: 1000, limit_mail_day: 1000 },
      }),
    });
    expect(saved.status).toBe(200);
    const added = await fetch(api(b, '/users/'), {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: agent.email, name: 'Alex Agent', role: 'agent', password: agent.password }),
    });
    expect(added.status).toBe(201);
    // B may hold the settings it read at start for up to 2 s.
    await waitUntil('the settings on B', async () => {
      const values = (await (await fetch(api(b, '/settings'), { headers: bearer() })).json()) as { tickets?: Record<string, unknown> };
      return values.tickets?.create_accounts === true && values.tickets?.limit_email_hour === EMAIL_LIMIT;
    });
  });

  interface Submission {
    group: string;
    subject: string;
    email: string;
    instance: { url: string };
    idempotencyKey?: string;
  }
  interface Outcome extends Submission {
    status: number;
    id?: number;
    number?: number;
  }
  const outcomes: Outcome[] = [];

  it('submissions spread over both: every 201 is one ticket, no duplicates, one account per email, shared limits', async () => {
    const submissions: Submission[] = [];
    const instanceOf = (n: number) => (n % 2 === 0 ? a : b);
    // 60 clients, one ticket each, alternating instances.
    for (let i = 0; i < 60; i += 1)
      submissions.push({ group: 'single', subject: `Single ${i}`, email: `single${i}-${runId}@client.test`, instance: instanceOf(i) });
    // Four new addresses, each sending 16 tickets at once, half to each instance: one account each,
    // and the per-email limit (Redis) lets exactly EMAIL_LIMIT through in all.
    for (let e = 0; e < 4; e += 1) {
      for (let i = 0; i < 16; i += 1)
        submissions.push({
          group: `burst${e}`,
          subject: `Burst ${e}.${i}`,
          email: `burst${e}-${runId}@client.test`,
          instance: instanceOf(i),
        });
    }
    // Twenty submissions each sent four times with one idempotency key, alternating instances (a
    // client retrying through the load balancer).
    for (let k = 0; k < 20; k += 1) {
      const idempotencyKey = `retry-${runId}-${k}`;
      for (let i = 0; i < 4; i += 1)
        submissions.push({
          group: `retry${k}`,
          subject: `Retry ${k}`,
          email: `retry${k}-${runId}@client.test`,
          instance: instanceOf(i),
          idempotencyKey,
        });
    }

    const results = await runPool(
      submissions.map((submission) => async (): Promise<Outcome> => {
        const res = await fetch(api(submission.instance, '/tickets/'), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': nextIp(),
            ...(submission.idempotencyKey && { 'idempotency-key': submission.idempotencyKey }),
          },
          body: JSON.stringify({
            name: 'Client',
            email: submission.email,
            subject: submission.subject,
            description: 'Spread over two instances.',
          }),
        });
        const body = (await res.json()) as { id?: number; number?: number };
        return { ...submission, status: res.status, id: body.id, number: body.number };
      }),
      32,
    );
    outcomes.push(...results);

    const statuses = (group: string) => results.filter((r) => r.group.startsWith(group)).map((r) => r.status);
    expect(statuses('single').every((status) => status === 201)).toBe(true);
    for (let e = 0; e < 4; e += 1) {
      expect(statuses(`burst${e}`).sort()).toEqual([...Array(EMAIL_LIMIT).fill(201), ...Array(16 - EMAIL_LIMIT).fill(429)]);
    }
    for (let k = 0; k < 20; k += 1) {
      const group = results.filter((r) => r.group === `retry${k}`);
      expect(group.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(group.map((r) => r.id)).size).toBe(1);
    }

    // Every ticket that got a 201 is there exactly once, and there is no other.
    const created = results.filter((r) => r.status === 201);
    const tickets = await db.kysely.selectFrom('posts').select(['id', 'title']).where('type', '=', 'ticket').execute();
    expect(tickets.map((t) => t.id).sort((x, y) => x - y)).toEqual(created.map((r) => r.id).sort((x, y) => (x as number) - (y as number)));
    expect(Object.fromEntries(tickets.map((t) => [t.id, t.title]))).toEqual(Object.fromEntries(created.map((r) => [r.id, r.subject])));
    expect(await db.kysely.selectFrom('idempotency_keys').select('key').execute()).toHaveLength(20);

    // One account per email.
    const clients = await db.kysely.selectFrom('users').select('email').where('role', '=', 'client').execute();
    expect(clients.map((c) => c.email).sort()).toEqual([...new Set(results.map((r) => r.email))].sort());

    // The limit was counted in the shared Redis, under this run's prefix: all 16 hits of a burst.
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    try {
      expect(await redis.get(`${redisPrefix}intake:email:h:burst0-${runId}@client.test`)).toBe('16');
    } finally {
      await redis.quit();
    }
  });

  it("a client signed in on A through the mailed link is signed in on B, and A's CSRF token works on B", async () => {
    const mine = outcomes.find((o) => o.group === 'single' && o.status === 201) as Outcome;
    const other = outcomes.find((o) => o.group === 'single' && o.status === 201 && o.email !== mine.email) as Outcome;
    const isConfirmation = (m: ReceivedMail) =>
      m.to.includes(mine.email) && m.subject.includes(`${unlinkableText(mine.subject)} [#${mine.number}]`);
    await sink.waitFor((messages) => messages.some(isConfirmation), 'the confirmation');
    const link = linkIn(sink.messages.find(isConfirmation) as ReceivedMail);
    expect(link.startsWith(`${HOME_URL}/login/ticket/?token=`)).toBe(true);

    const browser = new HttpBrowser();
    const page = await browser.request(`${a.url}${link.slice(HOME_URL.length)}`);
    expect(page.status).toBe(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const signedIn = await browser.request(`${b.url}/login/ticket/`, {
      form: { _csrf: csrf, token: new URL(link).searchParams.get('token') ?? '' },
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(`${HOME_URL}/tickets/?ticket=${mine.number}`);
    expect(browser.cookies.has('hd_session')).toBe(true);

    const thread = await browser.request(`${a.url}/tickets/?ticket=${mine.number}`);
    expect(thread.status).toBe(200);
    expect(thread.body).toContain(mine.subject);
    const replyCsrf = /name="_csrf" value="([^"]+)"/.exec(thread.body)?.[1] ?? '';
    const replied = await browser.request(`${b.url}/account/reply/`, {
      form: { _csrf: replyCsrf, ticket_id: String(mine.id), text: 'Replying through B', return_to: '/tickets/' },
    });
    expect(replied.status).toBe(303);
    expect(replied.headers.get('location')).toContain('notice=reply_sent');
    const comments = await db.kysely
      .selectFrom('comments')
      .select('content')
      .where('post_id', '=', mine.id as number)
      .execute();
    expect(comments).toEqual([{ content: 'Replying through B' }]);
    // Another client's ticket is not found on either instance.
    expect((await browser.request(`${b.url}/tickets/?ticket=${other.number}`)).status).toBe(404);
  });

  it("an agent signed in to the admin app on B is signed in on A; B's CSRF token authorizes writes on A", async () => {
    const browser = new HttpBrowser();
    const me = await browser.request(api(a, '/me'));
    const { csrf_token } = JSON.parse(me.body) as { csrf_token: string };
    const session = await browser.request(api(b, '/session'), { headers: { 'x-csrf-token': csrf_token }, json: agent });
    expect(session.status).toBe(200);
    const token = (JSON.parse(session.body) as { csrf_token: string }).csrf_token;

    const onA = JSON.parse((await browser.request(api(a, '/me'))).body) as { user: { email: string; role: string } | null };
    expect(onA.user).toMatchObject({ email: agent.email, role: 'agent' });
    const ticket = outcomes.find((o) => o.status === 201) as Outcome;
    const note = await browser.request(api(a, `/tickets/${ticket.id}/comments`), {
      headers: { 'x-csrf-token': token },
      json: { text: 'Note written on A', internal: true },
    });
    expect(note.status).toBe(201);

    // Signed out on A, the session is over on B too.
    const ended = browser.cookies.get('hd_session') as string;
    expect((await browser.request(api(a, '/session'), { method: 'DELETE', headers: { 'x-csrf-token': token } })).status).toBe(204);
    const onB = (await (await fetch(api(b, '/me'), { headers: { cookie: `hd_session=${ended}` } })).json()) as { user: unknown };
    expect(onB.user).toBeNull();
  });

  it('every mail is delivered exactly once: both workers share the queue', { timeout: 90_000 }, async () => {
    const pending = async () =>
      Number(
        (
          await db.kysely
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('state', 'in', ['queued', 'running'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mailJobs = await waitUntil(
      'the outbox to drain',
      async () => {
        if ((await pending()) > 0) return undefined;
        const settled = await db.kysely.selectFrom('jobs').select(['id', 'payload', 'state']).where('kind', '=', 'mail').execute();
        return sink.messages.length >= settled.filter((job) => job.state === 'done').length ? settled : undefined;
      },
      80_000,
    );
    expect(await db.kysely.selectFrom('jobs').select('id').where('state', '=', 'failed').execute()).toEqual([]);
    // A mailbox gets one new-ticket confirmation an hour: the burst's later ones are skipped, nothing else is.
    const sent = mailJobs.filter((job) => job.state === 'done');
    const skipped = mailJobs.filter((job) => job.state !== 'done');
    expect(skipped.every((job) => job.state === 'skipped' && JSON.parse(job.payload).template === 'client_ticket_created')).toBe(true);

    // Each sent mail job's Message-ID arrived once, and nothing else arrived.
    const jobIdOf = (messageId: string) => Number(/^<mail-(\d+)\./.exec(messageId)?.[1]);
    expect(sink.messages.map((m) => jobIdOf(m.messageId)).sort((x, y) => x - y)).toEqual(sent.map((job) => job.id).sort((x, y) => x - y));

    // Each ticket asked for its client's confirmation once and mailed each of the two staff members once.
    const created = outcomes.filter((o) => o.status === 201);
    const payloads = mailJobs.map((job) => JSON.parse(job.payload) as { template: string; ticketId: number; userId: number });
    const staff = await db.kysely.selectFrom('users').select('id').where('role', 'in', ['agent', 'admin']).execute();
    expect(staff).toHaveLength(2);
    for (const ticket of created) {
      const about = payloads.filter((p) => p.ticketId === ticket.id);
      expect(about.filter((p) => p.template === 'client_ticket_created')).toHaveLength(1);
      expect(
        about
          .filter((p) => p.template === 'agent_ticket_created')
          .map((p) => p.userId)
          .sort(),
      ).toEqual(staff.map((s) => s.id).sort());
    }
    // One confirmation reached each client address, about one of its tickets, whichever instance sent it.
    const confirmations = sink.messages.filter((m) => m.text.includes('We received your request'));
    const emails = [...new Set(created.map((ticket) => ticket.email))];
    expect(confirmations).toHaveLength(emails.length);
    for (const email of emails) {
      const to = confirmations.filter((m) => m.to.includes(email));
      expect(to).toHaveLength(1);
      const tickets = created.filter((ticket) => ticket.email === email);
      expect(tickets.some((ticket) => to[0]?.subject.includes(`${unlinkableText(ticket.subject)} [#${ticket.number}]`))).toBe(true);
    }
  });
});
