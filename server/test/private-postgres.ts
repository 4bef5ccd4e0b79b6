import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './smtp-sink.js';

const run = promisify(execFile);

/** A PostgreSQL server of the test's own, in a temporary folder: it may be stopped and started at will. */
export interface PrivatePostgres {
  /** Admin URL (user postgres, trust auth, database postgres). */
  url: string;
  /** Fast shutdown, as an operator's restart does: open connections are ended (57P01). */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed from Debian's packages, or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * Makes and starts a throwaway cluster (initdb without fsync, a free loopback port). The shared
 * server is never touched. Root runs the server as the `postgres` OS user, which PostgreSQL requires.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (install the postgresql package).');
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options =
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c ` +
    `synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
  let running = false;
  const start = async () => {
    try {
      await pgRun('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    } catch (error) {
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : '';
      throw new Error(`The private PostgreSQL did not start: ${(error as Error).message}\n${log}`);
    }
    running = true;
  };
  const stop = async () => {
    await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      if (running) await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
