import { formatSize } from '../../../common/format-size.js';
import type { AttachmentRules } from '../files-contract.js';
import { F } from './file-messages.js';

/**
 * What the widget can tell before sending, from the form's rules: empty files, files over the size per
 * file, and files past the count. The kind is decided by the server from the content, never here.
 * Returns one message (or undefined) per file, in order.
 */
export function checkFiles(files: readonly { name: string; size: number }[], rules: AttachmentRules): (string | undefined)[] {
  return files.map((file, index) => {
    if (file.size === 0) return F('files.empty', { name: file.name });
    if (file.size > rules.max_file_bytes) return F('files.too_large', { name: file.name, size: formatSize(rules.max_file_bytes) });
    if (index >= rules.max_files) return F('files.too_many', { name: file.name, max: rules.max_files });
    return undefined;
  });
}

/** The rules from GET /tickets/form/, or undefined when they allow no files or are not understood. */
export function readRules(value: unknown): AttachmentRules | undefined {
  const r = value as Partial<AttachmentRules> | null | undefined;
  if (r?.allowed !== true) return undefined;
  const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (!positive(r.max_file_bytes) || !positive(r.max_files) || typeof r.kinds !== 'string') return undefined;
  const minFill = typeof r.min_fill_ms === 'number' && Number.isFinite(r.min_fill_ms) ? r.min_fill_ms : 0;
  return { allowed: true, max_file_bytes: r.max_file_bytes, max_files: r.max_files, kinds: r.kinds, min_fill_ms: minFill };
}
