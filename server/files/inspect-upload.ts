import type { Translator } from '../../common/i18n/translator.js';
import { SNIFF_BYTES, TextCheck, typeFromMagic } from './detect-file-type.js';
import { emptyFile, fileKindRefused, fileTooLarge, ticketFilesFull } from './upload-refusals.js';

/** What one file may be, as Tickets → Attachments and the ticket's earlier files allow. */
export interface UploadRules {
  maxFileBytes: number;
  /** The ticket's limit in all, for the refusal's words. */
  maxTicketBytes: number;
  /** What the ticket may still take: its limit less its stored files and this message's earlier ones. */
  remainingBytes: number;
  allowedTypes: ReadonlySet<string>;
  /** The allowed kinds in words ("images, PDF, …"), for the refusal. */
  /** The allowed kinds in the reader's words. */
  allowedWords: (t: Translator) => string;
}

/** The type decided for a file, filled in once its content proved it. */
export interface Verdict {
  type: string;
}

/**
 * Passes a file's bytes through while checking them, so a file is refused as soon as its bytes say so and
 * never read further: over a size limit (413) the moment the count passes it, a kind not allowed (415)
 * once the first 64 KiB are in (magic bytes), or at the first byte that is not UTF-8 text when the start
 * proved no kind. Zero bytes is a 400. The name is only for the refusal's words.
 */
export async function* inspectUpload(
  source: AsyncIterable<Uint8Array>,
  name: string,
  rules: UploadRules,
  verdict: Verdict,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let decided = false;
  let magic: string | undefined;
  const text = new TextCheck();

  const decide = async () => {
    decided = true;
    magic = await typeFromMagic(Buffer.concat(head, headBytes));
    if (magic) {
      if (!rules.allowedTypes.has(magic)) throw fileKindRefused(name, rules.allowedWords);
      verdict.type = magic;
    } else if (!rules.allowedTypes.has('text/plain') || !head.every((piece) => text.feed(piece))) {
      throw fileKindRefused(name, rules.allowedWords);
    }
    const ready = head;
    head = [];
    return ready;
  };

  for await (const piece of source) {
    size += piece.byteLength;
    if (size > rules.maxFileBytes) throw fileTooLarge(name, rules.maxFileBytes);
    if (size > rules.remainingBytes) throw ticketFilesFull(name, rules.maxTicketBytes);
    if (!decided) {
      head.push(piece);
      headBytes += piece.byteLength;
      if (headBytes >= SNIFF_BYTES) yield* await decide();
      continue;
    }
    if (!magic && !text.feed(piece)) throw fileKindRefused(name, rules.allowedWords);
    yield piece;
  }
  if (size === 0) throw emptyFile(name);
  if (!decided) yield* await decide();
  if (!magic) {
    if (!text.finish()) throw fileKindRefused(name, rules.allowedWords);
    // Both are text; the name only tells which of two harmless labels it gets.
    verdict.type = /\.csv$/i.test(name) && rules.allowedTypes.has('text/csv') ? 'text/csv' : 'text/plain';
  }
}
