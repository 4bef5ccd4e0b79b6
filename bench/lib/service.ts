import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { NODE_FLAGS } from '../../bin/node-flags.mjs';
import { freePort, startProcess } from './server-process.js';

export interface RunningService {
  url: string;
  child: ChildProcess;
  pid: number;
}

/**
 * The built service (`node dist/server/index.js serve`) in its own process, as `npm start` runs it
 * (mail worker on, mail written into the data folder), on `dataDir` and optionally `databaseUrl`.
 * `BENCH_SERVER_NODE_ARGS` (space-separated) go to node itself in place of the shipped V8 settings (bin/node-flags.mjs), to compare.
 */
export async function startService(dataDir: string, env: Record<string, string> = {}): Promise<RunningService> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? NODE_FLAGS;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    'dist/server/index.js',
    ['serve'],
    // The log level as shipped (info: a line per request), written to a file as under a service manager.
    { PORT: String(port), HOST: '127.0.0.1', HELPDESK_DATA_DIR: dataDir, HELPDESK_HOME_URL: url, ...env },
    url,
    { nodeArgs, logFile: join(dataDir, 'service.log') },
  );
  return { url, child, pid: child.pid ?? 0 };
}
