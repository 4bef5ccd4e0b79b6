/** How much of a file's start is read to decide its kind (office formats name their parts early in the zip). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * The media type the first bytes prove (magic numbers, through `file-type`), or undefined when they
 * prove none (plain text has no magic: the caller decides it from the whole content, see TextCheck).
 */
export async function typeFromMagic(head: Uint8Array): Promise<string | undefined> {
  if (head.length === 0) return undefined;
  // Loaded with the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(head))?.mime;
}

/**
 * Whether a stream of bytes is text: valid UTF-8 with no NUL byte, checked piece by piece as the bytes
 * pass, so a binary file is known as soon as its first bad byte arrives.
 */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private isText = true;

  /** Feeds the next piece; answers whether everything so far may still be text. */
  feed(piece: Uint8Array): boolean {
    if (!this.isText) return false;
    try {
      this.decoder.decode(piece, { stream: true });
      if (piece.includes(0)) this.isText = false;
    } catch {
      this.isText = false;
    }
    return this.isText;
  }

  /** After the last piece: whether the whole content was text (a cut-off UTF-8 sequence at the end is not). */
  finish(): boolean {
    if (!this.isText) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
