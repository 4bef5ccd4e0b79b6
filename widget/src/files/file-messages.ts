import { type TextKey, t } from '../messages.js';

/** One sentence of the file area, in the widget's language. */
export const F = (key: TextKey & `files.${string}`, values?: Record<string, string | number>): string => t(key, values);

/** A pasted image's file name (a name, not a sentence: the same in every language). */
export const screenshotName = (n: number): string => `screenshot-${n}.png`;
