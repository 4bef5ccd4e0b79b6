import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_FLAGS } from '../../bin/node-flags.mjs';
import { packageRoot } from '../config/package-root.js';

/** A `helpdesk` command running in a child process: from source through tsx, or the built server. */
export interface HelpdeskProcess {
  readonly pid: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first or the deadline passes. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>;
  /** Ends the process (SIGTERM: graceful shutdown) and waits for it; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Sends `signal` (SIGKILL for a crash) and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  /**
   * Run the built server (`dist/server/index.js`, rebuilt first when older than the sources), as
   * production does — for tests about the process itself (kill -9); source through tsx otherwise.
   */
  built?: boolean;
  /** Run the built server through the `helpdesk` launcher itself (bin/helpdesk.mjs, executed by its first line). */
  launcher?: boolean;
  /** Written to the process's standard input, which is then closed (otherwise it has none). */
  stdin?: string | Buffer;
  /** Run as this user and group (the test process runs as root): what a mail server's pipe does. */
  user?: { uid: number; gid: number };
}

const ROOT = packageRoot();
// Children still running when the test process ends (a crash, an interrupted run) go with it.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Runs `helpdesk <args>` (server/index.ts) in a new Node process with exactly `env` (plus PATH and
 * HOME: nothing leaks in from the test process's environment), in `cwd` (so no helpdesk.config.* of
 * the repository is picked up).
 */
export function spawnHelpdesk(args: string[], env: Record<string, string>, cwd: string, options: SpawnOptions = {}): HelpdeskProcess {
  if (options.launcher) ensureBuiltServer();
  const [command, entry] = options.launcher
    ? [join(ROOT, 'bin', 'helpdesk.mjs'), []]
    : [process.execPath, options.built ? [...NODE_FLAGS, ensureBuiltServer()] : ['--import', TSX_LOADER, join(ROOT, 'server/index.ts')]];
  const child: ChildProcess = spawn(command, [...entry, ...args], {
    cwd,
    // tsx looks for tsconfig.json in the working folder; the project's (JSX runtime) must apply.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'), ...env },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...options.user,
  });
  if (child.pid === undefined) throw new Error('The helpdesk process did not start.');
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      for (const listener of listeners) listener();
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  return {
    pid: child.pid,
    output: () => output,
    exited,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) return finish(() => resolve(match));
          if (hasExited())
            finish(() =>
              reject(
                new Error(
                  `helpdesk ${args.join(' ')} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${output}`,
                ),
              ),
            );
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`helpdesk ${args.join(' ')} did not print ${pattern} within ${timeoutMs} ms:\n${output}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 10_000) {
      if (hasExited()) return;
      process.kill(child.pid as number, 'SIGTERM');
      const timer = setTimeout(() => {
        if (!hasExited()) process.kill(child.pid as number, 'SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill(signal) {
      if (!hasExited()) process.kill(child.pid as number, signal);
      await exited;
    },
  };
}

/** Starts `helpdesk serve` and resolves once it listens, with the address it listens on. */
export async function startHelpdeskProcess(
  env: Record<string, string>,
  cwd: string,
  args: string[] = [],
  options: SpawnOptions = {},
): Promise<HelpdeskProcess & { url: string }> {
  const child = spawnHelpdesk(['serve', ...args], { HOST: '127.0.0.1', PORT: '0', ...env }, cwd, options);
  try {
    const match = await child.waitForOutput(/listening on (http:\/\/[\d.]+:\d+)/);
    return Object.assign(child, { url: match[1] as string });
  } catch (error) {
    await child.stop(0);
    throw error;
  }
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
  const entry = join(ROOT, 'dist', 'server', 'index.js');
  const sources = Math.max(...['server', 'common', 'widget'].map((dir) => newestSourceTime(join(ROOT, dir))));
  if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
    // As `npm run build` builds it: Vitest's NODE_ENV=test would give Vite React's development bundle.
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  }
  return entry;
}
