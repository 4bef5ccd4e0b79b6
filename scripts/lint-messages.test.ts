// `npm run lint:messages` itself, run in a small tree of its own: it exits non-zero on a bad catalogue and on a
// text shown outside the catalogues, names each, and passes a sound tree.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const LINT = join(ROOT, 'scripts', 'lint-messages.ts');

const SOUND: Record<string, string> = {
  'common/i18n/locales/en/site.json': JSON.stringify({
    'site.home.title': 'Help center',
    'site.count': '{n, plural, one {# ticket} other {# tickets}}',
  }),
  'common/i18n/locales/de/site.json': JSON.stringify({
    'site.home.title': 'Hilfe-Center',
    'site.count': '{n, plural, one {# Ticket} other {# Tickets}}',
  }),
  'admin/src/inbox.tsx': "export const Inbox = () => <h1>{t('admin.inbox.title')}</h1>;\n",
  'server/site/page.ts': "export const home = () => t('site.home.title');\n",
};

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** Runs the lint in a git tree holding `files`; its exit code and what it printed. */
async function lint(files: Record<string, string>, args: string[] = []): Promise<{ code: number; output: string }> {
  dir = mkdtempSync(join(tmpdir(), 'helpdesk-lint-messages-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  await promisify(execFile)('git', ['init', '-q'], { cwd: dir });
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [LINT, ...args], { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('lint-messages', () => {
  it('passes a tree whose texts are all in complete catalogues, printing nothing', async () => {
    expect(await lint(SOUND)).toEqual({ code: 0, output: '' });
  });

  it('fails on a key missing in a language', async () => {
    const { code, output } = await lint({ ...SOUND, 'common/i18n/locales/de/site.json': JSON.stringify({ 'site.count': '{n} Tickets' }) });
    expect(code).toBe(1);
    expect(output).toContain('common/i18n/locales/de/site.json: "site.home.title" is missing');
    expect(output).toContain('"site.count" has {n:argument} but English has {n:plural}');
  });

  it('fails on a catalogue that is not JSON', async () => {
    const { code, output } = await lint({ ...SOUND, 'common/i18n/locales/de/site.json': '{ "site.home.title": ' });
    expect(code).toBe(1);
    expect(output).toContain('common/i18n/locales/de/site.json: not JSON');
  });

  it('fails on a text shown outside the catalogues, naming the file and line', async () => {
    const { code, output } = await lint({ ...SOUND, 'admin/src/inbox.tsx': 'export const Inbox = () => (\n  <h1>Your inbox</h1>\n);\n' });
    expect(code).toBe(1);
    expect(output).toContain('admin/src/inbox.tsx:2: JSX text outside the catalogues: "Your inbox"');
    expect(output).toContain('1 problems.');
  });

  it('with --only, looks for shown texts in that path alone (the catalogues are always checked)', async () => {
    const files = { ...SOUND, 'admin/src/inbox.tsx': 'export const Inbox = () => <h1>Your inbox</h1>;\n' };
    expect((await lint(files, ['--only', 'server/'])).code).toBe(0);
    expect((await lint(files, ['--only', 'admin/'])).code).toBe(1);
  });

  it('leaves tests, schema files and operator-only parts alone', async () => {
    const { code } = await lint({
      ...SOUND,
      'admin/src/inbox.test.tsx': "it('shows', () => render(<h1>Your inbox</h1>));\n",
      'server/http/routes/x/x.schema.ts': "export const X = { title: 'A ticket' };\n",
      'server/config/load.ts': "throw new ConfigError('HELPDESK_HOME_URL must be a URL.');\n",
    });
    expect(code).toBe(0);
  });
});
