import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { widgetBuildOptions } from './esbuild-options.mjs';

const ENTRY = fileURLToPath(new URL('./src/main.ts', import.meta.url));
const FILES_ENTRY = fileURLToPath(new URL('./src/files/main.ts', import.meta.url));
const SUGGEST_ENTRY = fileURLToPath(new URL('./src/suggest/main.ts', import.meta.url));

/** Bundles the widget into one minified IIFE (no globals) and returns its source text. */
export async function buildWidgetScript(entryPoint: string = ENTRY): Promise<string> {
  // Same options as `npm run build` (scripts/build.mjs writes dist/widget/widget.js with them).
  const result = await build({ ...widgetBuildOptions, entryPoints: [entryPoint], write: false });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no widget output');
  return file.text;
}

/** Bundles the attachment code (picker, drop, paste, chips, upload with progress) the same way. */
export function buildWidgetFilesScript(): Promise<string> {
  return buildWidgetScript(FILES_ENTRY);
}

/** Bundles the doc suggestions and the article view (loaded when the visitor first types) the same way. */
export function buildWidgetSuggestScript(): Promise<string> {
  return buildWidgetScript(SUGGEST_ENTRY);
}
