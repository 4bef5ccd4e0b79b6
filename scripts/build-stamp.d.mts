/** See build-stamp.mjs. */
export const BUILD_INPUTS: string[];
export const BUILD_OUTPUTS: string[];
export const STAMP_FILE: string;
export interface StampOptions {
  inputs?: string[];
  outputs?: string[];
  stampFile?: string;
}
export function sourceStamp(root: string, inputs?: string[]): string;
export function isBuildCurrent(root: string, options?: StampOptions): boolean;
export function clearStamp(root: string, stampFile?: string): void;
export function writeStamp(root: string, stamp: string, stampFile?: string): void;
