import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ByteRange, FileStore } from './file-store.js';

/** The size of each stored chunk: small enough to hold one in memory, large enough to keep rows few. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Files as rows of `file_chunks`, in order: works on SQLite and PostgreSQL alike, so several instances
 * on one PostgreSQL share their files with nothing more to run. Each chunk is its own statement (a
 * transaction held open for a whole upload would stall SQLite's one writer); the attachment's pending
 * row is what lets an aborted upload's chunks be found and swept.
 */
export function createDatabaseFileStore(db: Kysely<Database>): FileStore {
  const deleteKey = async (key: string) => {
    await db.deleteFrom('file_chunks').where('storage_key', '=', key).execute();
  };
  return {
    kind: 'database',
    async put(key, source) {
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (data: Buffer) => {
        await db.insertInto('file_chunks').values({ storage_key: key, seq, data }).execute();
        seq += 1;
      };
      try {
        for await (const piece of source) {
          size += piece.byteLength;
          pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
          pendingBytes += piece.byteLength;
          while (pendingBytes >= CHUNK_BYTES) {
            const all = Buffer.concat(pending, pendingBytes);
            await flush(all.subarray(0, CHUNK_BYTES));
            const rest = all.subarray(CHUNK_BYTES);
            pending = rest.length ? [Buffer.from(rest)] : [];
            pendingBytes = rest.length;
          }
        }
        if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
        return { size };
      } catch (error) {
        await deleteKey(key).catch(() => {});
        throw error;
      }
    },
    async get(key, range) {
      return Readable.from(readChunks(db, key, range));
    },
    delete: deleteKey,
  };
}

// One chunk at a time, as the reader asks for it: a large file never sits whole in memory.
async function* readChunks(db: Kysely<Database>, key: string, range?: ByteRange): AsyncGenerator<Buffer> {
  const first = range ? Math.floor(range.start / CHUNK_BYTES) : 0;
  const last = range ? Math.floor(range.end / CHUNK_BYTES) : Number.MAX_SAFE_INTEGER;
  for (let seq = first; seq <= last; seq += 1) {
    const row = await db.selectFrom('file_chunks').select('data').where('storage_key', '=', key).where('seq', '=', seq).executeTakeFirst();
    if (!row) return;
    const data = Buffer.from(row.data);
    const from = range && seq === first ? range.start - seq * CHUNK_BYTES : 0;
    const to = range && seq === last ? range.end - seq * CHUNK_BYTES + 1 : data.length;
    yield data.subarray(from, to);
  }
}
