export { buildWidgetFilesScript, buildWidgetScript } from './build.js';
export { resolveHomeUrl } from './src/resolve-home-url.js';
