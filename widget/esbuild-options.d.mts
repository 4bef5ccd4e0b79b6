import type { BuildOptions } from 'esbuild';

/** The widget's esbuild options, shared by widget/build.ts and scripts/build.mjs. */
export declare const widgetBuildOptions: BuildOptions;
/** The widget's entry point, relative to the package root. */
export declare const WIDGET_ENTRY: string;
/** The attachment code's entry point, relative to the package root. */
export declare const WIDGET_FILES_ENTRY: string;
