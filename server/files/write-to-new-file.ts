import { open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/**
 * Writes `source` into a new file at `path` (refused if one is there), readable by this user only, and
 * answers how many bytes it wrote. When `source` fails (a limit, a refused kind, the client gone) the file
 * is removed and its error thrown, so a failed write leaves nothing.
 */
export async function writeToNewFile(path: string, source: AsyncIterable<Uint8Array>): Promise<number> {
  let size = 0;
  // Opened before the first byte: a write stream opens its file later, so a source refused at once
  // (a disguised file) could have the file created after the clean-up below had run.
  const file = await open(path, 'wx', 0o600);
  try {
    await pipeline(
      source,
      async function* count(pieces: AsyncIterable<Uint8Array>) {
        for await (const piece of pieces) {
          size += piece.byteLength;
          yield piece;
        }
      },
      file.createWriteStream(),
    );
    return size;
  } catch (error) {
    await file.close().catch(() => {});
    await rm(path, { force: true }).catch(() => {});
    throw error;
  }
}
