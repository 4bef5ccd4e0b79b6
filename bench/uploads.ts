// Memory while files stream in: 20 clients each send a ticket with one 10 MB file at the same time, and
// the service's resident memory is sampled throughout: part `uploads` of `npm run bench`. A service that
// held files whole would grow by ~200 MB; streaming keeps it near idle, per store.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createDomainContext } from '../server/domain/context.js';
import { createHooks } from '../server/hooks/create-hooks.js';
import { updateSettings } from '../server/settings/settings.js';
import { startTestS3Server, type TestS3Server } from '../server/test/s3-server.js';
import { peakRssDuring, settledRss } from './lib/memory.js';
import { stopProcess } from './lib/server-process.js';
import { startService } from './lib/service.js';

const CLIENTS = 20;
const FILE_BYTES = 10 * 1_000_000;
const PIECE = Buffer.alloc(64 * 1024, 'x');

/** One client: a multipart ticket whose file is written 64 KB at a time, as fast as the server reads it. */
function uploadTicket(url: string, client: number): Promise<number> {
  const boundary = `benchUpload${client}`;
  const fields: Record<string, string> = {
    name: `Bench ${client}`,
    email: `upload${client}-${Date.now()}@bench.test`,
    subject: `A 10 MB log, client ${client}`,
    description: 'The log of the crash is attached.',
  };
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="crash.log"\r\nContent-Type: text/plain\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = httpRequest({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/helpdesk/v1/tickets/',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
        // One address per client, as twenty visitors behind the proxy: the per-address limits stay the defaults.
        'x-forwarded-for': `198.51.100.${client + 1}`,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < FILE_BYTES) {
        const piece = PIECE.subarray(0, Math.min(PIECE.length, FILE_BYTES - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    req.write(head);
    write();
  });
}

async function prepareSite(file: string): Promise<void> {
  const db = createDb({ url: file });
  try {
    await migrateToLatest(db);
    await updateSettings(createDomainContext(db, createHooks()), { tickets: { create_accounts: true, min_fill_seconds: 0 } });
  } finally {
    await db.close();
  }
}

export async function benchUploads(report: (line: string) => void): Promise<void> {
  report(`\n## Memory while ${CLIENTS} clients each upload a 10 MB file at once (SQLite; service RSS)`);
  report('| store | idle MiB | peak MiB | peak / idle | 201s | seconds |');
  report('| --- | ---: | ---: | ---: | ---: | ---: |');
  let s3: TestS3Server | undefined;
  try {
    s3 = await startTestS3Server();
    const stores: Array<[string, Record<string, string>]> = [
      ['database (default)', { HELPDESK_FILES: 'database' }],
      ['disk', { HELPDESK_FILES: 'disk' }],
      ['s3 (s3rver, another process)', s3.env],
    ];
    for (const [name, env] of stores) {
      const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-uploads-'));
      try {
        await prepareSite(join(dir, 'helpdesk.sqlite'));
        const service = await startService(dir, { HELPDESK_TRUST_PROXY_HOPS: '1', ...env });
        try {
          const idle = await settledRss(service.pid);
          const started = performance.now();
          const { result: statuses, peak } = await peakRssDuring(service.pid, () =>
            Promise.all(Array.from({ length: CLIENTS }, (_, client) => uploadTicket(service.url, client))),
          );
          const seconds = (performance.now() - started) / 1000;
          const created = statuses.filter((status) => status === 201).length;
          report(
            `| ${name} | ${idle.toFixed(0)} | ${peak.toFixed(0)} | **${(peak / idle).toFixed(2)}** ` +
              `| ${created} / ${CLIENTS} | ${seconds.toFixed(1)} |`,
          );
        } finally {
          await stopProcess(service.child);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await s3?.close();
  }
}
