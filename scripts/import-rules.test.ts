import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

// The import rules of .dependency-cruiser.cjs, run by `npm run lint:imports`, over a small tree made to break
// each one once (and to keep the one exception), so that a rule that stops firing fails here.
const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'helpdesk-import-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
  'package.json': JSON.stringify({ type: 'module' }),
  'server/http/client.ts': 'export const key = 1;',
  'server/auth/sign-in.ts': "import { key } from '../http/client.js';\nexport const a = key;",
  'server/auth/sign-in.test.ts': "import { key } from '../http/client.js';\nexport const t = key;",
  'server/domain/ticket.ts': "import type { Post } from './post.js';\nexport interface Ticket { post: Post }",
  'server/domain/post.ts': "import type { Ticket } from './ticket.js';\nexport interface Post { ticket?: Ticket }",
  'common/shared.ts': "import { key } from '../server/http/client.js';\nexport const c = key;",
  'admin/src/app.ts': 'export const app = 1;',
  'widget/build.ts': 'export const build = 1;',
  'widget/src/widget.ts': 'export const widget = 1;',
  'server/cli.ts': "import { app } from '../admin/src/app.js';\nexport const cli = app;",
  'server/site/embed/widget-script.ts':
    "export const load = () => import('../../../widget/build.js');\nexport const other = () => import('../../../widget/src/widget.js');",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

it('refuses cycles (type-only too), http/ from a lower layer, app code from common/ and admin/ or widget/ from the server', async () => {
  const depcruise = join(root, 'node_modules/.bin/depcruise');
  const config = join(root, '.dependency-cruiser.cjs');
  const run = await promisify(execFile)(depcruise, ['server', 'common', 'admin', 'widget', '--config', config, '--output-type', 'json'], {
    cwd: dir,
  }).catch((error: { stdout: string }) => error);
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  const found = summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
  expect(found).toEqual([
    'common-imports-no-app: common/shared.ts → server/http/client.ts',
    'embed-imports-only-the-widget-build: server/site/embed/widget-script.ts → widget/src/widget.ts',
    'lower-layers-know-no-http: server/auth/sign-in.ts → server/http/client.ts',
    'no-circular: server/domain/post.ts → server/domain/ticket.ts',
    'server-imports-no-admin-or-widget: server/cli.ts → admin/src/app.ts',
  ]);
});
