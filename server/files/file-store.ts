import type { Readable } from 'node:stream';

/** Bytes of a file, first and last inclusive (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where attachments' bytes live (HELPDESK_FILES): the database (default), a folder, or an
 * S3-compatible bucket. A file is put once under a key nobody chooses, read whole or by range, and
 * deleted; a store never holds a whole file in memory.
 */
export interface FileStore {
  readonly kind: 'database' | 'disk' | 's3';
  /**
   * Stores the bytes as they arrive and answers how many there were. When `source` fails (a limit, the
   * client gone), nothing of the key is left and its error is thrown.
   */
  put(key: string, source: AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** The bytes of `key` (all, or only `range`), streamed. The caller knows the size and checked the range. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes whatever is stored under `key`, finished or not; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes what uploads left on this machine's disk, last written before `before` (ms since 1970), that no
   * key reaches any more: the S3 store's spool files, whose pending rows another instance swept while this
   * one was down. Runs with the sweep of abandoned uploads.
   */
  deleteLocalLeftovers?(before: number): Promise<number>;
  /** At start: throws a plain error when the store cannot be used (a bucket missing or refusing us). */
  check?(): Promise<void>;
}
