import { readFile } from 'node:fs/promises';

// Beside the bundled server (dist/server/index.js) this is dist/widget/widget.js, written by
// `npm run build`. From source (tsx, vitest) it names a file that never exists, so the widget is
// built from widget/src instead and can never be a stale copy.
const BUILT_SCRIPT = new URL('../widget/widget.js', import.meta.url);

/** The static widget script: the built file in production, a fresh esbuild build from source. */
export async function loadWidgetScript(): Promise<string> {
  try {
    return await readFile(BUILT_SCRIPT, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    // Imported only here: the builder needs esbuild, a dev dependency the bundle never loads.
    const { buildWidgetScript } = await import('../../../widget/build.js');
    return await buildWidgetScript();
  } catch (error) {
    throw new Error(
      `The widget script is missing (${BUILT_SCRIPT.pathname}) and cannot be built here; run "npm run build". ${(error as Error).message}`,
    );
  }
}
