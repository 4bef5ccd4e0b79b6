export { buildWidgetFilesScript, buildWidgetScript, buildWidgetSuggestScript } from './build.js';
export { resolveHomeUrl } from './src/resolve-home-url.js';
