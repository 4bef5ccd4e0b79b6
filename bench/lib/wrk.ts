import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What one wrk run measured. Latencies in milliseconds; only answers below 400 count as done. */
export interface WrkResult {
  requestsPerSecond: number;
  ok: number;
  /** Answers of 400 and above, plus connect, read, write and timeout errors. */
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface WrkOptions {
  url: string;
  seconds: number;
  /** Keep-alive connections (default 16, as the issue's `wrk -t1 -c16`). */
  connections?: number;
  /** wrk threads (default 1: the other core is the server's). */
  threads?: number;
  /** Lua defining `request` (and optionally `setup`/`init`); the bench adds its own `done`. */
  script?: string;
  headers?: Record<string, string>;
}

// Printed by wrk's done() so the bench reads exact counts rather than wrk's rounded text.
const MARK = 'WRK-JSON ';
const REPORT_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write("${MARK}", string.format(
    '{"requests":%d,"duration_us":%d,"status":%d,"other":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

/** The path of wrk, installing Debian's package when it is missing and the bench may (root); else says how. */
export function ensureWrk(): string {
  const find = () => {
    try {
      return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const found = find();
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log('wrk is missing: installing Debian package wrk (apt-get install -y wrk)');
    execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
    const installed = find();
    if (installed) return installed;
  }
  throw new Error('The bench needs wrk, the HTTP load generator: install it with `sudo apt-get install wrk` and run again.');
}

/** Drives `url` with wrk for `seconds` (keep-alive) and returns its exact counts. */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const wrk = ensureWrk();
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-wrk-'));
  try {
    const scriptFile = join(dir, 'script.lua');
    writeFileSync(scriptFile, `${options.script ?? ''}\n${REPORT_LUA}`);
    const args = [
      `-t${options.threads ?? 1}`,
      `-c${options.connections ?? 16}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      scriptFile,
      ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      options.url,
    ];
    const { stdout } = await run(wrk, args, { maxBuffer: 16 * 1024 * 1024 });
    const line = stdout.split('\n').find((l) => l.startsWith(MARK));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const r = JSON.parse(line.slice(MARK.length)) as {
      requests: number;
      duration_us: number;
      status: number;
      other: number;
      p50_us: number;
      p95_us: number;
      p99_us: number;
    };
    const ok = r.requests - r.status;
    return {
      requestsPerSecond: ok / (r.duration_us / 1e6),
      ok,
      errors: r.status + r.other,
      p50: r.p50_us / 1000,
      p95: r.p95_us / 1000,
      p99: r.p99_us / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The wrk command line a reader can run by hand for the same measurement. */
export function wrkCommand(url: string, seconds: number, extra = ''): string {
  return `wrk -t1 -c16 -d${seconds}s${extra ? ` ${extra}` : ''} ${url}`;
}
