import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./src/main.ts', import.meta.url));

/** Bundles the widget into one minified IIFE (no globals) and returns its source text. */
export async function buildWidgetScript(entryPoint: string = ENTRY): Promise<string> {
  const result = await build({
    entryPoints: [entryPoint],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    // ASCII output: the host page decides the script's charset when the response names none.
    charset: 'ascii',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    // The root tsconfig's strict mode would add a leading "use strict" directive; the server
    // prepends the HELPDESK_HOME_URL line, which would turn it into a no-op string, so the
    // output is kept to exactly one IIFE statement instead. Types are checked by tsc, not here.
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no widget output');
  return file.text;
}
