import { formatSize } from '../../../common/format-size.js';

/** Every sentence of the file area, in plain words (the server's refusals read the same way). */
export const F = {
  pick: 'Attach files',
  hint: (kinds: string, maxBytes: number, maxFiles: number): string =>
    `Optional. ${kinds.charAt(0).toUpperCase()}${kinds.slice(1)}; up to ${formatSize(maxBytes)} each, ` +
    `at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}. You can also drop files here or paste a screenshot into the description.`,
  chosen: 'Files to send',
  remove: (name: string): string => `Remove ${name}`,
  added: (names: string[]): string => `Added ${names.join(', ')}.`,
  removed: (name: string): string => `Removed ${name}.`,
  tooLarge: (name: string, maxBytes: number): string =>
    `“${name}” is larger than ${formatSize(maxBytes)}, the most one file may be. Remove it or choose a smaller file.`,
  tooMany: (name: string, max: number): string =>
    `“${name}” is one file too many: a message may carry at most ${max}. Remove it and send it in a reply.`,
  empty: (name: string): string => `“${name}” is empty (0 bytes). Remove it and choose the file again.`,
  fixFiles: 'Please remove or replace the files marked below.',
  tooFast: 'Please take a moment to check your message, then send it again.',
  uploading: 'Uploading files',
  progress: (percent: number): string => `Uploading files: ${percent}%`,
  screenshot: (n: number): string => `screenshot-${n}.png`,
};
