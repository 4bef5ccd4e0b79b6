import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { freePort, startProcess } from './server-process.js';

/** One answer exactly as sent: status, header block and raw body bytes (no decompression). */
export interface CapturedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

// node:http writes these itself on every answer, the bare server's as well as the service's.
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** GETs `url` with `headers` and keeps the answer's bytes and headers (minus those node:http adds). */
export function captureAnswer(url: string, headers: Record<string, string> = {}): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !ADDED_BY_NODE.has(name)) kept[name] = value;
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Starts bare node:http (bench/lib/bare-server.mjs) answering every request with `answer`; `dir` holds its files. */
export async function startBareTwin(dir: string, name: string, answer: CapturedAnswer): Promise<{ url: string; child: ChildProcess }> {
  const bodyFile = join(dir, `${name}.body`);
  const headersFile = join(dir, `${name}.headers.json`);
  writeFileSync(bodyFile, answer.body);
  writeFileSync(headersFile, JSON.stringify(answer.headers));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess('bench/lib/bare-server.mjs', [bodyFile, String(port), headersFile], {}, url);
  return { url, child };
}
