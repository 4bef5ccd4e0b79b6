import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../server/config/package-root.js';
import { startHelpdeskProcess } from '../server/test/helpdesk-process.js';
import { NODE_FLAGS } from './node-flags.mjs';

const ROOT = packageRoot();

/** The source files under `dir`, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('the V8 settings the service runs with', () => {
  it('are the same list in the launcher and in npm start', () => {
    const shebang = readFileSync(join(ROOT, 'bin/helpdesk.mjs'), 'utf8').split('\n')[0];
    expect(shebang).toBe(`#!/usr/bin/env -S node ${NODE_FLAGS.join(' ')}`);
    const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
    expect(start).toBe(`node ${NODE_FLAGS.join(' ')} dist/server/index.js serve`);
  });

  it('are never changed while the service runs', () => {
    const flipping = sourceFiles(join(ROOT, 'server')).filter((file) => readFileSync(file, 'utf8').includes('setFlagsFromString'));
    expect(flipping).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('reach node when the helpdesk command serves', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-node-flags-'));
    const service = await startHelpdeskProcess({ HELPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, dataDir, [], { launcher: true });
    try {
      // What the running process was started with, as the system sees it (`env -S` execs node in its place).
      const commandLine = readFileSync(`/proc/${service.pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine).toEqual(expect.arrayContaining(NODE_FLAGS));
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    } finally {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
