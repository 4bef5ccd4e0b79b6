// Ticket intake, POST /api/helpdesk/v1/tickets/ driven by wrk, against the same rows written straight
// to the database in the same run: parts `intake-sqlite` and `intake-pg` of `npm run bench`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_POOL_SIZE } from '../server/db/create-db.js';
import { alternate, ms } from './lib/alternate.js';
import { createBenchDatabase } from './lib/bench-database.js';
import { intakeScript } from './lib/intake-script.js';
import { memory, peakRssDuring, settledRss } from './lib/memory.js';
import { PER_ADDRESS, PER_EMAIL, prepareIntakeSite } from './lib/prepare-intake-site.js';
import { measureRawIntake } from './lib/raw-intake.js';
import { measureRawIntakePostgres } from './lib/raw-intake-postgres.js';
import { measureRawIntakePostgresOneStatement } from './lib/raw-intake-postgres-one-statement.js';
import { stopProcess } from './lib/server-process.js';
import { startService } from './lib/service.js';
import { runWrk, type WrkResult } from './lib/wrk.js';

export const TICKETS_PATH = '/api/helpdesk/v1/tickets/';
const CONNECTIONS = 16;
// The service sees the load's addresses through X-Forwarded-For, as behind one reverse proxy.
const SERVICE_ENV = { HELPDESK_TRUST_PROXY_HOPS: '1' };

const wrapResult = (rate: number): WrkResult => ({ requestsPerSecond: rate, ok: 0, errors: 0, p50: 0, p95: 0, p99: 0 });

export async function benchIntakeSqlite(report: (line: string) => void, seconds: number): Promise<void> {
  const rawDb = await createBenchDatabase('sqlite', '');
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-intake-'));
  const siteFile = join(dir, 'helpdesk.sqlite');
  try {
    const raw = await prepareIntakeSite(rawDb?.url ?? '');
    const site = await prepareIntakeSite(siteFile);
    const service = await startService(dir, SERVICE_ENV);
    try {
      memory.push({ state: 'idle after start (SQLite)', mib: await settledRss(service.pid) });
      const load = intakeLoad(service.url, site.urgencyId, 's');
      let rawRun = 0;
      const rawLoad = (s: number) => async () =>
        wrapResult(
          measureRawIntake(rawDb?.url ?? '', s, raw.statusId, raw.urgencyId, {
            ticketsPerEmail: PER_EMAIL,
            idempotencyKeys: true,
            prefix: `r${rawRun++}-`,
          }),
        );
      const { result: r, peak } = await peakRssDuring(service.pid, async () => {
        await alternate({ service: load(1), raw: rawLoad(1) }, 1);
        return alternate({ raw: rawLoad(seconds / 2), service: load(seconds / 2) }, 2);
      });
      memory.push({ state: 'peak during ticket intake (SQLite)', mib: peak });
      report(`\n## Ticket intake on SQLite (WAL, synchronous=FULL), ${CONNECTIONS} connections`);
      report(
        '| baseline: raw better-sqlite3, same rows, one commit per ticket, tickets/s ' +
          '| service tickets/s (201) | p50 / p99 ms | errors | ratio |',
      );
      report('| ---: | ---: | ---: | ---: | ---: |');
      const ratio = r.service.requestsPerSecond / r.raw.requestsPerSecond;
      report(
        `| ${r.raw.requestsPerSecond.toFixed(0)} | ${r.service.requestsPerSecond.toFixed(0)} ` +
          `| ${ms(r.service.p50)} / ${ms(r.service.p99)} ` +
          `| ${r.service.errors} | **${ratio.toFixed(2)}** (target ≥ 0.7) |`,
      );
    } finally {
      await stopProcess(service.child);
    }
  } finally {
    await rawDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchIntakePostgres(report: (line: string) => void, seconds: number, adminUrl: string): Promise<void> {
  const rawDb = await createBenchDatabase('postgres', adminUrl, 'helpdesk_bench_raw');
  const siteDb = await createBenchDatabase('postgres', adminUrl, 'helpdesk_bench_site');
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-intake-pg-'));
  try {
    if (!rawDb || !siteDb) {
      report('\n## Ticket intake on PostgreSQL\nSkipped: no PostgreSQL server answers at BENCH_POSTGRES_URL / TEST_DATABASE_URL.');
      return;
    }
    const raw = await prepareIntakeSite(rawDb.url);
    const site = await prepareIntakeSite(siteDb.url);
    const service = await startService(dir, { ...SERVICE_ENV, DATABASE_URL: siteDb.url });
    try {
      memory.push({ state: 'idle after start (PostgreSQL)', mib: await settledRss(service.pid) });
      const load = intakeLoad(service.url, site.urgencyId, 'p');
      let rawRun = 0;
      const oneStatement = (s: number) => async () =>
        wrapResult(
          await measureRawIntakePostgresOneStatement(rawDb.url, s, raw, {
            connections: DEFAULT_POOL_SIZE,
            ticketsPerEmail: PER_EMAIL,
            run: `${randomBytes(3).toString('hex')}-${rawRun++}`,
          }),
        );
      const { result: r, peak } = await peakRssDuring(service.pid, async () => {
        await alternate({ service: load(1), raw: oneStatement(1) }, 1);
        return alternate({ raw: oneStatement(seconds / 2), service: load(seconds / 2) }, 2);
      });
      memory.push({ state: 'peak during ticket intake (PostgreSQL)', mib: peak });
      // For reference, the same rows in one transaction of nine statements (a round trip each).
      const nineTrips = await measureRawIntakePostgres(rawDb.url, seconds / 2, raw, {
        concurrency: DEFAULT_POOL_SIZE,
        poolSize: DEFAULT_POOL_SIZE,
        ticketsPerEmail: PER_EMAIL,
      }).catch(() => Number.NaN);
      report(`\n## Ticket intake on PostgreSQL, ${CONNECTIONS} connections (service pool ${DEFAULT_POOL_SIZE})`);
      report(
        `| baseline: plain pg, same rows, one statement per ticket, ${DEFAULT_POOL_SIZE} connections, tickets/s ` +
          '| service tickets/s (201) | p50 / p99 ms | errors | ratio |',
      );
      report('| ---: | ---: | ---: | ---: | ---: |');
      const ratio = r.service.requestsPerSecond / r.raw.requestsPerSecond;
      report(
        `| ${r.raw.requestsPerSecond.toFixed(0)} | ${r.service.requestsPerSecond.toFixed(0)} ` +
          `| ${ms(r.service.p50)} / ${ms(r.service.p99)} ` +
          `| ${r.service.errors} | **${ratio.toFixed(2)}** (target ≥ 0.5) |`,
      );
      report(
        `\nFor reference: plain pg, same rows as one transaction of nine statements (a round trip each), ` +
          `${DEFAULT_POOL_SIZE} connections: ${nineTrips.toFixed(0)} tickets/s (service / that: ` +
          `${(r.service.requestsPerSecond / nineTrips).toFixed(2)}).`,
      );
    } finally {
      await stopProcess(service.child);
    }
  } finally {
    await rawDb?.drop();
    await siteDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A wrk run against the service's intake; each run files for fresh emails and addresses (prefix + round). */
function intakeLoad(serviceUrl: string, urgencyId: number, prefix: string) {
  let round = 0;
  return (seconds: number) => () =>
    runWrk({
      url: `${serviceUrl}${TICKETS_PATH}`,
      seconds,
      connections: CONNECTIONS,
      script: intakeScript({
        run: `${prefix}${round++}`,
        urgencyId,
        perAddress: PER_ADDRESS,
        perEmail: PER_EMAIL,
        addressBase: round * 100_000,
        interleave: CONNECTIONS,
      }),
    });
}
