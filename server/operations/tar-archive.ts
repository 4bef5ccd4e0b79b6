import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A small gzip'd ustar writer and reader, for backup archives: regular files only, names up to 255
 * bytes (ustar's prefix + name). Any `tar -xzf` reads what it writes. Node has zlib but no tar, and the
 * format is a 512-byte header per file, so it is written here rather than taken as a dependency.
 */
const BLOCK = 512;

/** Splits a name into ustar's prefix (155) and name (100) at a slash; null when it cannot be. */
function splitName(name: string): { prefix: string; base: string } | null {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100 && base) return { prefix, base };
  }
  return null;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mode: number, mtime: number): Buffer {
  const split = splitName(name);
  if (!split) throw new Error(`A file name is too long for the archive: ${name}`);
  const block = Buffer.alloc(BLOCK, 0);
  block.write(split.base, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(split.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes a .tar.gz at `path`; add files in order, then `finish()`. */
export function createTarWriter(path: string) {
  const gzip = createGzip();
  const file = createWriteStream(path, { mode: 0o600 });
  gzip.pipe(file);
  const done = once(file, 'close');
  return {
    /** Adds a file whose bytes come from `source` (a path to stream, or bytes). */
    async add(name: string, source: { path: string; size: number } | Buffer, mode = 0o600, mtime = Date.now()): Promise<void> {
      const size = Buffer.isBuffer(source) ? source.length : source.size;
      await write(gzip, header(name, size, mode, mtime));
      if (Buffer.isBuffer(source)) await write(gzip, source);
      else {
        let written = 0;
        for await (const chunk of createReadStream(source.path)) {
          written += (chunk as Buffer).length;
          await write(gzip, chunk as Buffer);
        }
        if (written !== size) throw new Error(`${name} changed size while it was being archived.`);
      }
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad) await write(gzip, Buffer.alloc(pad, 0));
    },
    async finish(): Promise<void> {
      gzip.end(Buffer.alloc(BLOCK * 2, 0));
      await done;
    },
  };
}

export class ArchiveFormatError extends Error {
  override name = 'ArchiveFormatError';
}

function readString(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** One file of an archive: its name, size, and a reader of exactly its bytes (read each before the next). */
export interface TarEntry {
  name: string;
  size: number;
  /** Streams the entry's bytes to `out` (does not end it). */
  pipeTo(out: Writable): Promise<void>;
  /** The entry's bytes in memory (for the small ones). */
  bytes(): Promise<Buffer>;
}

/** Reads a .tar.gz from `path` entry by entry; throws ArchiveFormatError when it is not one. */
export async function* readTar(path: string): AsyncGenerator<TarEntry> {
  const source: Readable = createReadStream(path).pipe(createGunzip());
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buffered: Buffer = Buffer.alloc(0);
  const fill = async (n: number): Promise<boolean> => {
    while (buffered.length < n) {
      let next: IteratorResult<Buffer>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw new ArchiveFormatError(`The file is not a gzip'd archive (${(error as Error).message}).`);
      }
      if (next.done) return false;
      buffered = buffered.length ? Buffer.concat([buffered, next.value]) : next.value;
    }
    return true;
  };
  for (;;) {
    if (!(await fill(BLOCK))) throw new ArchiveFormatError('The archive ends early (it was cut off).');
    const block = buffered.subarray(0, BLOCK);
    buffered = buffered.subarray(BLOCK);
    if (block.every((b) => b === 0)) return;
    if (readString(block, 257, 6) !== 'ustar') throw new ArchiveFormatError('The file is not a helpdesk backup archive.');
    const prefix = readString(block, 345, 155);
    const base = readString(block, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const size = Number.parseInt(readString(block, 124, 12).trim() || '0', 8);
    const type = readString(block, 156, 1) || '0';
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    let consumed = false;
    const pipeTo = async (out: Writable) => {
      consumed = true;
      let left = size;
      while (left > 0) {
        if (!(await fill(1))) throw new ArchiveFormatError('The archive ends early (it was cut off).');
        const take = buffered.subarray(0, Math.min(left, buffered.length));
        buffered = buffered.subarray(take.length);
        left -= take.length;
        await write(out, Buffer.from(take));
      }
      const pad = padded - size;
      if (pad && !(await fill(pad))) throw new ArchiveFormatError('The archive ends early (it was cut off).');
      buffered = buffered.subarray(pad);
    };
    const entry: TarEntry = {
      name,
      size,
      pipeTo,
      async bytes() {
        const parts: Buffer[] = [];
        const sink = {
          write: (c: Buffer) => {
            parts.push(c);
            return true;
          },
        } as unknown as Writable;
        await pipeTo(sink);
        return Buffer.concat(parts);
      },
    };
    if (type === '0') yield entry;
    if (!consumed) await pipeTo({ write: () => true } as unknown as Writable);
  }
}
