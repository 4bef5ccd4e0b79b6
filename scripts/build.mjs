// Builds the server bundle (dist/server/index.js), the widget script (dist/widget/widget.js) and the
// admin app (dist/admin, Vite).
// Server dependencies stay external: they are installed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { build as buildWithVite } from 'vite';
import { WIDGET_ENTRY, WIDGET_FILES_ENTRY, widgetBuildOptions } from '../widget/esbuild-options.mjs';

await Promise.all([
  build({
    entryPoints: ['server/index.ts'],
    outfile: 'dist/server/index.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The widget builder (and esbuild, a dev dependency) is only the from-source fallback of
    // server/site/embed/widget-script.ts; the bundle reads dist/widget/widget.js instead.
    external: ['*/widget/build.js'],
    sourcemap: true,
    jsx: 'automatic',
    logLevel: 'warning',
  }),
  // The same options as widget/build.ts, written to a file the bundled server reads at start.
  build({ ...widgetBuildOptions, entryPoints: [WIDGET_ENTRY], outfile: 'dist/widget/widget.js', logLevel: 'warning' }),
  build({ ...widgetBuildOptions, entryPoints: [WIDGET_FILES_ENTRY], outfile: 'dist/widget/widget-files.js', logLevel: 'warning' }),
  buildWithVite({ configFile: 'admin/vite.config.ts' }),
]);

// The admin app's assets compressed once here; @fastify/static serves the .br/.gz files as they are.
const adminAssets = 'dist/admin/assets';
for (const name of readdirSync(adminAssets).filter((file) => /\.(js|css)$/.test(file))) {
  const raw = readFileSync(join(adminAssets, name));
  writeFileSync(join(adminAssets, `${name}.br`), brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(adminAssets, `${name}.gz`), gzipSync(raw, { level: 9 }));
}
