import type { SubmitResult } from '../api.js';

/** The help desk's refusal of one sent file: which one (its position among the files, from 0) and why. */
export interface FileRefusal {
  index: number;
  /** The problem's `detail`, naming the file, in the widget's language (the upload asks for it by Accept-Language). */
  detail: string;
}

/**
 * Reads a refused file from a problem answer (`attachment.index` and `detail`, server/http/multipart-uploads.ts) and
 * gives what the form says with it: the refusal goes on that file's chip, and a plain rejection (413, 415, 403)
 * says the same sentence in the form's alert rather than the generic "could not accept", so the visitor knows
 * which file to remove. Another answer (filed, invalid, limited…) is left as it is.
 */
export function readFileRefusal(result: SubmitResult, data: unknown): { result: SubmitResult; refusal?: FileRefusal } {
  if (result.kind === 'filed' || result.kind === 'received' || typeof data !== 'object' || data === null) return { result };
  const { attachment, detail } = data as { attachment?: { index?: unknown }; detail?: unknown };
  const index = attachment?.index;
  if (typeof index !== 'number' || typeof detail !== 'string' || !detail) return { result };
  const refusal = { index, detail };
  return { result: result.kind === 'rejected' ? { kind: 'rejected', detail } : result, refusal };
}
