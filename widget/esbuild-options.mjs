// The widget's esbuild options, shared by widget/build.ts (tests, dev) and scripts/build.mjs (dist/),
// so both produce the same bytes. Plain JS because scripts/build.mjs runs on node without a TS loader.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The widget's bundled English (`common/i18n/locales/en/widget.json`), keyed without the `widget.` prefix: the
 * first download only the launcher's (launcher-text.ts; the 6 KB budget), the form's script every text the
 * visitor reads — none of the server's (`check.`, `settings.`; the rule of server/ticket-form/widget-texts.ts).
 * @type {import('esbuild').Plugin}
 */
const widgetTexts = {
  name: 'widget-texts',
  setup(build) {
    build.onResolve({ filter: /locales\/en\/widget\.json$/ }, (args) => ({
      path: resolve(args.resolveDir, args.path),
      namespace: 'widget-texts',
      pluginData: { launcher: /launcher-text\.ts$/.test(args.importer) },
    }));
    build.onLoad({ filter: /.*/, namespace: 'widget-texts' }, (args) => {
      const texts = {};
      for (const [key, text] of Object.entries(JSON.parse(readFileSync(args.path, 'utf8')))) {
        const short = key.slice('widget.'.length);
        if (args.pluginData.launcher ? short === 'launcher' : !/^(check|settings)\./.test(short)) texts[short] = text;
      }
      return { contents: JSON.stringify(texts), loader: 'json' };
    });
  },
};

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
  plugins: [widgetTexts],
};

/** The widget's entry point, relative to the package root. */
export const WIDGET_ENTRY = 'widget/src/main.ts';

/** The attachment code's entry point: a second script the widget loads when its form opens. */
export const WIDGET_FILES_ENTRY = 'widget/src/files/main.ts';

/** The doc suggestions and article view: a third script the form loads when the visitor first types. */
export const WIDGET_SUGGEST_ENTRY = 'widget/src/suggest/main.ts';
