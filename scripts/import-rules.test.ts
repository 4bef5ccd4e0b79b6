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
  'server/domain/context.ts': "import { view } from './inbox/view.js';\nexport const ctx = view;",
  'server/domain/inbox/view.ts': "import { rate } from '../ratings/rate.js';\nexport const view = rate;",
  'server/domain/ratings/rate.ts': "import { change } from '../tickets/change.js';\nexport const rate = change;",
  'server/domain/tickets/change.ts':
    "import { tag } from './tag.js';\nimport { list } from '../inbox/list.js';\nexport const change = tag + list;",
  'server/domain/tickets/tag.ts': "import { doc } from '../content/doc.js';\nexport const tag = doc;",
  'server/domain/inbox/list.ts': 'export const list = 1;',
  'server/domain/assignment/assign.ts':
    "import { change } from '../tickets/change.js';\nimport { list } from '../inbox/list.js';\nexport const assign = change + list;",
  'server/domain/content/doc.ts': "import { person } from '../people/person.js';\nexport const doc = person;",
  'server/domain/people/person.ts': 'export const person = 1;',
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

const RULES =
  'cycles (type-only too), http/ from below, app code from common/, admin/ or widget/ from the server, a domain area above its layer';
it(`refuses ${RULES}`, async () => {
  const depcruise = join(root, 'node_modules/.bin/depcruise');
  const config = join(root, '.dependency-cruiser.cjs');
  const run = await promisify(execFile)(depcruise, ['server', 'common', 'admin', 'widget', '--config', config, '--output-type', 'json'], {
    cwd: dir,
  }).catch((error: { stdout: string }) => error);
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  const found = summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
  expect(found).toEqual([
    'assignment-imports-tickets-and-below: server/domain/assignment/assign.ts → server/domain/inbox/list.ts',
    'base-areas-import-only-the-root: server/domain/content/doc.ts → server/domain/people/person.ts',
    'common-imports-no-app: common/shared.ts → server/http/client.ts',
    'domain-root-imports-no-area: server/domain/context.ts → server/domain/inbox/view.ts',
    'embed-imports-only-the-widget-build: server/site/embed/widget-script.ts → widget/src/widget.ts',
    'lower-layers-know-no-http: server/auth/sign-in.ts → server/http/client.ts',
    'no-circular: server/domain/post.ts → server/domain/ticket.ts',
    'server-imports-no-admin-or-widget: server/cli.ts → admin/src/app.ts',
    'tickets-import-no-upper-area: server/domain/tickets/change.ts → server/domain/inbox/list.ts',
    'upper-areas-import-no-sibling: server/domain/inbox/view.ts → server/domain/ratings/rate.ts',
  ]);
});
