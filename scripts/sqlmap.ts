// `npm run security:sqlmap`: sqlmap (the Debian package) against the public routes of the real,
// built server, on SQLite and — when a server answers — PostgreSQL. Exits non-zero when sqlmap
// reports an injection point or a target could not be scanned. Never run as a test (minutes per
// database). Results are recorded in docs/SECURITY.md.
//
//   SQLMAP_ADMIN_URL    PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres);
//                       "none" skips PostgreSQL
//   SQLMAP_LEVEL/RISK   sqlmap --level / --risk (default 3 / 2)
//   SQLMAP_TARGET_SECONDS  time limit per target (default 900)
//   SQLMAP_ONLY         run only the targets whose name contains this text
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchDatabase, createBenchDatabase } from '../bench/lib/bench-database.js';
import { freePort, startProcess, stopProcess } from '../bench/lib/server-process.js';
import { hashPassword } from '../server/auth/passwords.js';
import { TICKET_LINK_PURPOSE } from '../server/auth/ticket-links.js';
import { createDb, type Db } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { writeOption } from '../server/domain/options.js';
import { hashToken } from '../server/domain/people/api-tokens.js';

const LEVEL = process.env.SQLMAP_LEVEL ?? '3';
const RISK = process.env.SQLMAP_RISK ?? '2';
const TARGET_SECONDS = Number(process.env.SQLMAP_TARGET_SECONDS ?? 900);
const ADMIN_URL = process.env.SQLMAP_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER = join(import.meta.dirname, '..', 'dist', 'server', 'index.js');

/** A valid, unused mailed-link token seeded for the confirm-page target. */
const LINK_TOKEN = 'sqlmapSeededLinkToken0123456789abcdefghijkl';

interface Target {
  name: string;
  args: (base: string, seed: Seed) => string[];
}
interface Seed {
  productId: number;
  productSlug: string;
}

// Every public route that takes input, with realistic valid values for sqlmap to start from.
const TARGETS: Target[] = [
  {
    name: 'POST /api/helpdesk/v1/tickets/ (form)',
    args: (base, s) => [
      '-u',
      `${base}/api/helpdesk/v1/tickets/`,
      '--data',
      `name=Ann+Client&email=ann%40client.test&subject=Export+fails&description=Nothing+happens&order_id=A-1&product=${s.productId}`,
    ],
  },
  {
    name: 'POST /api/helpdesk/v1/tickets/ (JSON)',
    args: (base, s) => [
      '-u',
      `${base}/api/helpdesk/v1/tickets/`,
      '--data',
      JSON.stringify({
        name: 'Ann Client',
        email: 'ann@client.test',
        subject: 'Export fails',
        description: 'Nothing happens',
        order_id: 'A-1',
        product: s.productId,
      }),
      '--headers',
      'Content-Type: application/json',
    ],
  },
  {
    name: 'GET /api/helpdesk/v1/docs/?count=&page=&search=',
    args: (base) => ['-u', `${base}/api/helpdesk/v1/docs/?count=5&page=1&search=install`],
  },
  {
    name: 'GET /api/helpdesk/v1/docs/product/{slug}/',
    args: (base, s) => ['-u', `${base}/api/helpdesk/v1/docs/product/${s.productSlug}*/?count=5&search=install`],
  },
  // The lookups take no parameters: at level 3 sqlmap probes the User-Agent, Referer and Cookie headers.
  {
    name: 'GET /api/helpdesk/v1/tickets/products|reasons|urgencies/',
    args: (base) => ['-u', `${base}/api/helpdesk/v1/tickets/products/?x=1`, '--cookie', 'hd_session=abc'],
  },
  { name: 'GET /docs/?s= (help-site search page)', args: (base) => ['-u', `${base}/docs/?s=install&page=1`] },
  {
    name: 'GET /docs/{slug}/ and /docs/product/{slug}/ (help-site pages)',
    args: (base, s) => ['-u', `${base}/docs/product/${s.productSlug}*/`],
  },
  {
    name: 'POST /login/ (help-site password sign-in form)',
    args: (base) => [
      '-u',
      `${base}/login/`,
      '--data',
      'email=pat%40client.test&password=wrong+password&return_to=%2Ftickets%2F&_csrf=x',
      '--csrf-token',
      '_csrf',
      '--csrf-url',
      `${base}/login/`,
      '-p',
      'email,password,return_to',
    ],
  },
  {
    name: 'POST /login/link/ (help-site sign-in link form)',
    args: (base) => [
      '-u',
      `${base}/login/link/`,
      '--data',
      'email=pat%40client.test&_csrf=x',
      '--csrf-token',
      '_csrf',
      '--csrf-url',
      `${base}/login/`,
      '-p',
      'email',
    ],
  },
  // Starts from a valid, unused link (a 200 page); the guesses come from random addresses (below).
  { name: 'GET /login/ticket/?token= (mailed-link confirm page)', args: (base) => ['-u', `${base}/login/ticket/?token=${LINK_TOKEN}`] },
];

async function seed(db: Db): Promise<Seed> {
  await migrateToLatest(db);
  const high = 1_000_000_000;
  // Anyone can file (so payloads reach the queries), no intake limit or fill time, password sign-in on.
  await writeOption(db.kysely, 'helpdesk_settings', {
    tickets: {
      create_accounts: true,
      limit_ip_hour: high,
      limit_ip_day: high,
      limit_email_hour: high,
      limit_global_day: high,
      min_fill_seconds: 0,
    },
    login: { method: 'both' },
  });
  const time = new Date().toISOString();
  await db.kysely
    .insertInto('users')
    .values({
      email: 'pat@client.test',
      name: 'Pat',
      role: 'client',
      password_hash: await hashPassword('correct horse battery'),
      created_at: time,
      updated_at: time,
    })
    .execute();
  const post = (type: string, title: string, slug: string, productId: number | null) =>
    db.kysely
      .insertInto('posts')
      .values({
        type,
        status: 'publish',
        title,
        content: `${title}: put the script tag on your page and reload.`,
        slug,
        author_id: null,
        product_id: productId,
        parent_id: null,
        menu_order: 0,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const pat = await db.kysely.selectFrom('users').select('id').where('email', '=', 'pat@client.test').executeTakeFirstOrThrow();
  const inAWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  await db.kysely
    .insertInto('login_tokens')
    .values({
      user_id: pat.id,
      ticket_id: null,
      purpose: TICKET_LINK_PURPOSE,
      token_hash: hashToken(LINK_TOKEN),
      expires_at: inAWeek,
      used_at: null,
      created_at: time,
    })
    .execute();
  const product = await post('product', 'Widget Pro', 'widget-pro', null);
  await post('doc', 'Install the widget', 'install-the-widget', product.id);
  return { productId: product.id, productSlug: 'widget-pro' };
}

/** Runs sqlmap on one target; resolves with what it found. */
function runSqlmap(
  target: Target,
  base: string,
  s: Seed,
  outDir: string,
  strength = [`--level=${LEVEL}`, `--risk=${RISK}`],
): Promise<{ verdict: 'clean' | 'INJECTABLE' | 'incomplete'; detail: string }> {
  const targetArgs = target.args(base, s);
  const args = [
    ...targetArgs,
    '--batch',
    ...strength,
    '--flush-session',
    '--time-sec=3',
    // sqlmap fetches a fresh CSRF token per request only single-threaded.
    ...(targetArgs.includes('--csrf-url') ? [] : ['--threads=4']),
    // Each payload request from a random address (the server trusts one proxy hop here), so the
    // per-IP guess limits do not answer in the routes' place.
    '--tamper=xforwardedfor',
    '--output-dir',
    outDir,
    '--disable-coloring',
  ];
  return new Promise((resolve) => {
    const child: ChildProcess = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), TARGET_SECONDS * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const logs = spawnSync('sh', ['-c', `cat ${outDir}/*/log 2>/dev/null`])
        .stdout.toString()
        .trim();
      // sqlmap sums up the HTTP errors it saw; a 5xx means some input crashed a route.
      const serverErrors = /HTTP error codes detected during run:.*\b5\d\d\b.*/.exec(out)?.[0];
      if (/identified the following injection point|is vulnerable/i.test(out) || logs) {
        resolve({ verdict: 'INJECTABLE', detail: logs || out.slice(-2000) });
      } else if (serverErrors) {
        resolve({ verdict: 'incomplete', detail: `the server answered 5xx: ${serverErrors}` });
      } else if (/do not appear to be injectable|does not seem to be injectable/i.test(out) && code === 0) {
        resolve({
          verdict: 'clean',
          detail: (out.match(/^.*(do not appear to be injectable|does not seem to be injectable).*$/gm) ?? []).slice(-1).join(''),
        });
      } else {
        resolve({
          verdict: 'incomplete',
          detail: `exit ${code}; ${
            out
              .split('\n')
              .filter((l) => /CRITICAL|ERROR/.test(l))
              .slice(-3)
              .join(' | ') || out.slice(-500)
          }`,
        });
      }
    });
  });
}

async function scanDatabase(label: string, databaseUrl: string, dataDir: string): Promise<boolean> {
  const db = createDb({ url: databaseUrl });
  const s = await seed(db);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    HELPDESK_HOME_URL: base,
    HELPDESK_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SMTP_URL: '',
    HELPDESK_TRUST_PROXY_HOPS: '1',
  };
  const server = await startProcess(SERVER, ['serve'], env, base);
  // The sign-in limits (per address and per IP, in rate_limit_hits) would answer sqlmap's thousands of
  // requests with 429 pages and hide the routes behind them; the harness empties them as it goes.
  const clearLimits = setInterval(() => {
    db.kysely
      .deleteFrom('rate_limit_hits')
      .execute()
      .catch(() => {});
  }, 200);
  let ok = true;
  try {
    for (const target of TARGETS) {
      if (process.env.SQLMAP_ONLY && !target.name.includes(process.env.SQLMAP_ONLY)) continue;
      const started = Date.now();
      const outDir = mkdtempSync(join(tmpdir(), 'helpdesk-sqlmap-out-'));
      const result = await runSqlmap(target, base, s, outDir);
      rmSync(outDir, { recursive: true, force: true });
      console.log(
        `[${label}] ${result.verdict.padEnd(10)} ${target.name} (${Math.round((Date.now() - started) / 1000)} s) ${result.detail}`,
      );
      if (result.verdict !== 'clean') ok = false;
    }
    const tickets = await db.kysely
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'ticket')
      .executeTakeFirstOrThrow();
    console.log(
      `[${label}] the scan filed ${tickets.n} tickets; the server is ` +
        `${server.exitCode === null ? 'still up' : `down (exit ${server.exitCode})`}`,
    );
    if (server.exitCode !== null) ok = false;
  } finally {
    clearInterval(clearLimits);
    await stopProcess(server);
    await db.close();
  }
  return ok;
}

async function postgresUrl(): Promise<BenchDatabase | null> {
  if (ADMIN_URL === 'none') return null;
  const database = await createBenchDatabase('postgres', ADMIN_URL, 'helpdesk_sqlmap');
  if (!database) console.log(`No PostgreSQL at ${ADMIN_URL}: PostgreSQL not scanned.`);
  return database;
}

/**
 * The harness must be able to fail: a tiny server with a real SQL injection (string-built SQLite
 * query) is scanned first, and must be reported INJECTABLE.
 */
async function checkHarness(): Promise<boolean> {
  const Database = (await import('../server/db/sqlite-driver.js')).default;
  const { createServer } = await import('node:http');
  const db = new Database(':memory:');
  db.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b')");
  const server = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '1';
    try {
      res.end(JSON.stringify(db.prepare(`select name from t where id = ${id}`).all()));
    } catch {
      res.statusCode = 500;
      res.end('error');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const outDir = mkdtempSync(join(tmpdir(), 'helpdesk-sqlmap-out-'));
  const control: Target = { name: 'control: a deliberately injectable route', args: (base) => ['-u', `${base}/?id=1`] };
  const result = await runSqlmap(control, `http://127.0.0.1:${address.port}`, { productId: 0, productSlug: '' }, outDir, [
    '--level=1',
    '--risk=1',
  ]);
  server.close();
  rmSync(outDir, { recursive: true, force: true });
  console.log(`[control] ${result.verdict.padEnd(10)} ${control.name} (expected INJECTABLE)`);
  return result.verdict === 'INJECTABLE';
}

async function main() {
  if (spawnSync('sqlmap', ['--version']).status !== 0) throw new Error('sqlmap is not installed: apt-get install -y sqlmap');
  if (!existsSync(SERVER)) throw new Error('Build first: npm run build');
  const version = spawnSync('sqlmap', ['--version']).stdout.toString().trim().split('\n')[0];
  console.log(`sqlmap ${version}, --level=${LEVEL} --risk=${RISK}, ${new Date().toISOString()}`);
  if (!(await checkHarness())) throw new Error('The harness did not detect the deliberate injection; its verdicts cannot be trusted.');
  let ok = true;

  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-sqlmap-'));
  try {
    ok = (await scanDatabase('sqlite', join(dir, 'helpdesk.sqlite'), dir)) && ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const postgres = await postgresUrl();
  if (postgres) {
    const pgDir = mkdtempSync(join(tmpdir(), 'helpdesk-sqlmap-pg-'));
    try {
      ok = (await scanDatabase('postgres', postgres.url, pgDir)) && ok;
    } finally {
      await postgres.drop();
      rmSync(pgDir, { recursive: true, force: true });
    }
  }
  console.log(ok ? 'sqlmap found no injection.' : 'sqlmap found an injection or could not finish a target: see above.');
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
