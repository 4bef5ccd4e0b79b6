/** See lazy-web-globals-plugin.mjs. */
import type { Plugin } from 'esbuild';

export declare const lazyWebGlobalsPlugin: Plugin;
