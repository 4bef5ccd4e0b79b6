import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The resident set size of a process in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * Starts `node <script> …args` with `env` and waits until GET <url>/healthz answers. With `logFile`,
 * its stdout and stderr go to that file (to read the server's errors after a load); otherwise stderr
 * is shown and stdout dropped. `nodeArgs` go to node itself (before the script).
 */
export async function startProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
  url: string,
  options: { logFile?: string; nodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  const log = options.logFile ? openSync(options.logFile, 'a') : null;
  const stdio: Array<'ignore' | 'inherit' | number> = log === null ? ['ignore', 'ignore', 'inherit'] : ['ignore', log, log];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], { env: { ...process.env, ...env }, stdio });
  // The child holds its own copy of the descriptor.
  if (log !== null) closeSync(log);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${script} did not answer within 30 s`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
