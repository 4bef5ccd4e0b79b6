// Builds the server bundle (dist/server/index.js), the widget script (dist/widget/widget.js) and the
// admin app (dist/admin, Vite).
// The server's dependencies are bundled with it (one module instead of ~600 files: less memory for module
// records and source text, a faster start); SERVER_EXTERNALS lists the ones that stay installed packages.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { build as buildWithVite } from 'vite';
import { WIDGET_ENTRY, WIDGET_FILES_ENTRY, WIDGET_SUGGEST_ENTRY, widgetBuildOptions } from '../widget/esbuild-options.mjs';
import { clearStamp, isBuildCurrent, sourceStamp, writeStamp } from './build-stamp.mjs';
import { escapeWideCharactersInFile } from './escape-wide-characters.mjs';
import { lazyWebGlobalsPlugin } from './lazy-web-globals-plugin.mjs';
import { SERVER_EXTERNALS } from './server-externals.mjs';

// `--if-stale` (npm start): nothing to do when dist/ was built from the sources as they are (scripts/build-stamp.mjs).
const stamp = sourceStamp('.');
if (process.argv.includes('--if-stale') && isBuildCurrent('.')) {
  console.log('dist/ is up to date with its sources: not rebuilding (npm run build forces a build).');
  process.exit(0);
}
clearStamp('.');

// Chunks of an earlier build would stay beside the new ones.
rmSync('dist/server', { recursive: true, force: true });
await Promise.all([
  build({
    // The mail decoder's worker thread (server/mail-inbound/parse-incoming-mail.ts) is a file of its own beside index.js.
    entryPoints: { index: 'server/index.ts', 'decode-mail-worker': 'server/mail-inbound/decode-mail-worker.ts' },
    outdir: 'dist/server',
    bundle: true,
    // What the code imports on first use (`await import(…)`) becomes a chunk of its own, read when first needed.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The widget builder (and esbuild, a dev dependency) is only the from-source fallback of
    // server/site/embed/widget-script.ts; the bundle reads dist/widget/widget.js instead.
    external: ['*/widget/build.js', ...SERVER_EXTERNALS],
    // See the file: depd's call-site lookup at start made V8 keep the bundle's table of line ends (1 MiB).
    alias: { depd: './scripts/depd-stand-in.cjs' },
    // See the file: @fastify/compress's check for a fetch Response loaded Node's fetch on the first answer.
    plugins: [lazyWebGlobalsPlugin],
    // Bundled CommonJS packages call require() for Node's own modules, which an ES module lacks.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Whitespace only (names and syntax kept): the source text V8 holds is 2.9 instead of 4.4 MB, for no
    // measurable CPU per answer (docs/benchmarks-archive.md, "2026-11-26: idle memory"; full minification was measured to
    // cost the widget's answers CPU, 06:45Z). Stack traces in logs name places in dist/server/*.js; the maps
    // beside them lead back to the sources (`NODE_OPTIONS=--enable-source-maps` maps them in logs, for ~9 MiB more).
    minifyWhitespace: true,
    sourcemap: true,
    jsx: 'automatic',
    logLevel: 'warning',
  }),
  // The same options as widget/build.ts, written to a file the bundled server reads at start.
  build({ ...widgetBuildOptions, entryPoints: [WIDGET_ENTRY], outfile: 'dist/widget/widget.js', logLevel: 'warning' }),
  build({ ...widgetBuildOptions, entryPoints: [WIDGET_FILES_ENTRY], outfile: 'dist/widget/widget-files.js', logLevel: 'warning' }),
  build({ ...widgetBuildOptions, entryPoints: [WIDGET_SUGGEST_ENTRY], outfile: 'dist/widget/widget-suggest.js', logLevel: 'warning' }),
  buildWithVite({ configFile: 'admin/vite.config.ts' }),
]);

// One byte per character of the server's source text in memory instead of two (see the file's comment).
for (const name of readdirSync('dist/server').filter((file) => file.endsWith('.js')))
  await escapeWideCharactersInFile(join('dist/server', name));

// The admin app's assets compressed once here; @fastify/static serves the .br/.gz files as they are.
const adminAssets = 'dist/admin/assets';
for (const name of readdirSync(adminAssets).filter((file) => /\.(js|css)$/.test(file))) {
  const raw = readFileSync(join(adminAssets, name));
  writeFileSync(join(adminAssets, `${name}.br`), brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(adminAssets, `${name}.gz`), gzipSync(raw, { level: 9 }));
}

// Last, once everything above succeeded: the stamp of the sources this build read.
writeStamp('.', stamp);
