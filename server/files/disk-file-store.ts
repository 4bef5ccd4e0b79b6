import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, FileStore } from './file-store.js';
import { writeToNewFile } from './write-to-new-file.js';

/**
 * Files in a folder (HELPDESK_FILES=disk, `<data folder>/files`): each is written under a temporary
 * name in `partial/` and renamed into place once whole, so a reader never sees half a file (a partial
 * file left by a killed process belongs to a pending attachment, and goes when the sweep deletes its key). Keys are
 * random hex made by the helpdesk, never a name someone sent; two levels of folders keep each one small.
 */
export function createDiskFileStore(root: string): FileStore {
  const partialDir = join(root, 'partial');
  const finalPath = (key: string) => join(root, key.slice(0, 2), key.slice(2, 4), key);
  const partialPath = (key: string) => join(partialDir, `${key}.part`);
  return {
    kind: 'disk',
    async put(key, source) {
      assertKey(key);
      const target = finalPath(key);
      const partial = partialPath(key);
      await mkdir(partialDir, { recursive: true });
      const size = await writeToNewFile(partial, source);
      try {
        await mkdir(join(target, '..'), { recursive: true });
        await rename(partial, target);
        return { size };
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(key, range?: ByteRange): Promise<Readable> {
      assertKey(key);
      const stream = createReadStream(finalPath(key), range ? { start: range.start, end: range.end } : {});
      // Open before answering, so a missing file is an error here and not a broken response later.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    async delete(key) {
      assertKey(key);
      await rm(finalPath(key), { force: true });
      await rm(partialPath(key), { force: true });
    },
  };
}

// Keys become paths: only what the helpdesk makes (hex) may ever reach the file system.
function assertKey(key: string): void {
  if (!/^[0-9a-f]{16,128}$/.test(key)) throw new Error('A file key must be hex made by the helpdesk.');
}
