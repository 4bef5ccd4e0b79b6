import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { preparseMessagesPlugin } from '../scripts/preparse-messages-plugin.mjs';

// The admin app: built into dist/admin by `npm install` / `npm start` (scripts/build.mjs).
// Relative asset URLs plus the <base href> the server writes into index.html let the app live under
// any path prefix. Output is external files only: the CSP allows no inline script or style.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  // The catalogues parsed at build time, the ICU parser left out of the app (scripts/preparse-messages-plugin.mjs).
  plugins: [preparseMessagesPlugin],
  build: {
    outDir: fileURLToPath(new URL('../dist/admin', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
  },
});
