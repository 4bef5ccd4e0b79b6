// The widget's esbuild options, shared by widget/build.ts (tests, dev) and scripts/build.mjs (dist/),
// so both produce the same bytes. Plain JS because scripts/build.mjs runs on node without a TS loader.

/** @type {import('esbuild').BuildOptions} */
export const widgetBuildOptions = {
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  // ES2021 (`??=` as written): every browser with <dialog>.showModal(), which the form needs, has it.
  target: 'es2021',
  // ASCII output: the host page decides the script's charset when the response names none.
  charset: 'ascii',
  legalComments: 'none',
  logLevel: 'silent',
  // The root tsconfig's strict mode would add a leading "use strict" directive; the server
  // prepends the HELPDESK_HOME_URL line, which would turn it into a no-op string, so the
  // output is kept to exactly one IIFE statement instead. Types are checked by tsc, not here.
  tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
};

/** The widget's entry point, relative to the package root. */
export const WIDGET_ENTRY = 'widget/src/main.ts';

/** The attachment code's entry point: a second script the widget loads when its form opens. */
export const WIDGET_FILES_ENTRY = 'widget/src/files/main.ts';
