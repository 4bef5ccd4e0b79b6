// Builds the server bundle (dist/server/index.js). Dependencies stay external: they are installed.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  jsx: 'automatic',
  logLevel: 'warning',
});
