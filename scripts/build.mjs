// Builds the server bundle (dist/server/index.js), the widget script (dist/widget/widget.js) and the
// admin app (dist/admin, Vite).
// Server dependencies stay external: they are installed.
import { build } from 'esbuild';
import { build as buildWithVite } from 'vite';
import { WIDGET_ENTRY, widgetBuildOptions } from '../widget/esbuild-options.mjs';

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
  buildWithVite({ configFile: 'admin/vite.config.ts' }),
]);
