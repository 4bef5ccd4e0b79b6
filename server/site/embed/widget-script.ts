import { readFile } from 'node:fs/promises';

// Beside the bundled server (dist/server/index.js) these are dist/widget/widget.js and
// widget-files.js, written by `npm run build`. From source (tsx, vitest) they name files that never
// exist, so the widget is built from widget/src instead and can never be a stale copy.
const BUILT_SCRIPTS = {
  widget: new URL('../widget/widget.js', import.meta.url),
  files: new URL('../widget/widget-files.js', import.meta.url),
  suggest: new URL('../widget/widget-suggest.js', import.meta.url),
};

/**
 * Which script: the widget itself, its form and attachment code (loaded when the form opens), or its doc suggestions
 * (when the visitor first types).
 */
export type WidgetPart = keyof typeof BUILT_SCRIPTS;

/** A static widget script: the built file in production, a fresh esbuild build from source. */
export async function loadWidgetScript(part: WidgetPart = 'widget'): Promise<string> {
  const BUILT_SCRIPT = BUILT_SCRIPTS[part];
  try {
    return await readFile(BUILT_SCRIPT, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    // Imported only here: the builder needs esbuild, a dev dependency the bundle never loads.
    const { buildWidgetScript, buildWidgetFilesScript, buildWidgetSuggestScript } = await import('../../../widget/build.js');
    return await (part === 'files' ? buildWidgetFilesScript() : part === 'suggest' ? buildWidgetSuggestScript() : buildWidgetScript());
  } catch (error) {
    throw new Error(
      `The widget script is missing (${BUILT_SCRIPT.pathname}) and cannot be built here; run "npm run build". ${(error as Error).message}`,
    );
  }
}
