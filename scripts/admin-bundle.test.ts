import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isBuildCurrent } from './build-stamp.mjs';

// What a browser downloads before the admin app's first screen (the inbox) shows, as the server sends it:
// the precompressed brotli files beside the assets (scripts/build.mjs). The other screens are chunks of their
// own, loaded when first opened (admin/src/app.tsx).
const ROOT = join(import.meta.dirname, '..');
const ASSETS = join(ROOT, 'dist/admin/assets');
// The English catalogue and the ICU formatter every screen reads through are part of it (other languages load as
// chunks of their own); the catalogue comes parsed, so the ICU parser is not (scripts/preparse-messages-plugin.mjs):
// 101.0 KB with the parser, 94.3 KB without (2026-12-02); 95.4 KB with the terms namespace; 99.7 KB (102,065 B)
// with the screens added since. The namespaces only lazily loaded screens read (settings, reports, service-levels,
// business-hours, notifications) load with them (admin/src/i18n/with-namespaces.tsx): 92.2 KB (94,440 B, 2026-12-03).
const FIRST_SCREEN_BUDGET = 100 * 1024;
// One key of each lazily loaded namespace: none of them is in the first download.
const LAZY_KEYS = ['settings.add', 'reports.page.volume', 'service-levels.title', 'business-hours.title', 'notifications.prefsIntro'];
// A text only the ICU parser's code holds (an error kind): the pseudo-locale's chunk may have it, the first screen not.
const PARSER_MARK = 'EXPECT_ARGUMENT_CLOSING_BRACE';
// Vite warns above 500 KB (minified, uncompressed) per chunk; none comes near it any more.
const CHUNK_LIMIT = 500 * 1024;

/** The entry's files (script, style sheets, preloads) and every chunk they import statically, transitively. */
function firstScreenFiles(): string[] {
  const html = readFileSync(join(ROOT, 'dist/admin/index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(ASSETS, file), 'utf8');
    // Static imports only (`import{…}from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads later.
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(m[1] as string);
  }
  return [...seen];
}

describe('the admin app as built', () => {
  beforeAll(() => {
    // Built as `npm run build` builds it: Vitest sets NODE_ENV=test, which would give Vite React's development bundle.
    const env = { ...process.env, NODE_ENV: 'production' };
    if (!isBuildCurrent(ROOT)) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'pipe', env });
  }, 180_000);

  it('shows its first screen within 100 KB compressed, Markdown renderer, ICU parser, uPlot and lazy screens’ texts not among it', () => {
    const files = firstScreenFiles();
    const bytes = files.reduce((sum, file) => sum + statSync(join(ASSETS, `${file}.br`)).size, 0);
    expect(bytes).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    expect(files.some((file) => file.startsWith('markdown-preview'))).toBe(false);
    // The chart library comes with the Reports screen only (admin/src/reports/bar-chart.tsx).
    expect(files.some((file) => /uplot/i.test(file))).toBe(false);
    expect(files.length).toBeLessThanOrEqual(3);
    for (const file of files) {
      const code = readFileSync(join(ASSETS, file), 'utf8');
      expect(code.includes(PARSER_MARK), file).toBe(false);
      for (const key of LAZY_KEYS) expect(code.includes(key), `${file}: ${key}`).toBe(false);
    }
  });

  it('has no chunk over Vite’s size warning', () => {
    for (const file of readdirSync(ASSETS).filter((name) => name.endsWith('.js'))) {
      expect(statSync(join(ASSETS, file)).size, file).toBeLessThanOrEqual(CHUNK_LIMIT);
    }
  });
});
