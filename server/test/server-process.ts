import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../config/package-root.js';

/** The built service (`node dist/server/index.js serve`) running as a child process. */
export interface ServerProcess {
  /** `http://127.0.0.1:PORT`, read from the start-up line. */
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends the signal and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.includes('.test.')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Path of the built server; runs the build first when it is missing or older than the sources. */
export function ensureBuiltServer(): string {
  const root = packageRoot();
  const entry = join(root, 'dist', 'server', 'index.js');
  const sources = Math.max(...['server', 'common', 'widget'].map((dir) => newestSourceTime(join(root, dir))));
  if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'pipe' });
  }
  return entry;
}

/**
 * Starts `node dist/server/index.js serve` with only the given environment (plus PATH and HOME, so
 * nothing leaks in from the test's own), on a free loopback port; resolves once it listens.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const entry = ensureBuiltServer();
  const child = spawn(process.execPath, [entry, 'serve'], {
    cwd: packageRoot(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 30 s:\n${output}`)), 30_000);
    const check = () => {
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${signal ?? code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
