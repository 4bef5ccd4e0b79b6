import { once } from 'node:events';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of a ZIP: its name inside the archive and its bytes (whole, or streamed from a store). */
export interface ZipEntry {
  name: string;
  source: Uint8Array | AsyncIterable<Uint8Array>;
}

// Data descriptor (bit 3: sizes and CRC after the data, so nothing is buffered) and UTF-8 names (bit 11).
const FLAGS = 0x0808;
const DEFLATE = 8;
const MAX_32 = 0xffffffff;

/**
 * A ZIP archive (deflated entries, no ZIP64) made as it is read: each entry's bytes are read once, deflated
 * and sent, so an export of many files holds one chunk in memory at a time. Built on node:zlib (its deflate
 * and crc32) instead of a dependency: the format's writing side is these ~90 lines. An archive or entry over
 * 4 GiB is refused with an error (an export is a person's tickets and files, far below that).
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, at = new Date()): Readable {
  return Readable.from(zipChunks(entries, at), { objectMode: false });
}

async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, at: Date): AsyncGenerator<Buffer> {
  const [time, date] = dosTime(at);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    const headerAt = offset;
    yield local;
    yield name;
    offset += local.length + name.length;
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const source = entry.source instanceof Uint8Array ? [entry.source] : entry.source;
    for await (const out of deflate(source, (raw) => {
      crc = crc32(raw, crc);
      size += raw.length;
    })) {
      compressed += out.length;
      yield out;
    }
    if (size > MAX_32 || compressed > MAX_32 || offset + compressed > MAX_32) throw new Error('ZIP archive over 4 GiB');
    offset += compressed;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(compressed, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(headerAt, 42);
    central.push(record, name);
    count += 1;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/** The deflated bytes of `source`; `onRaw` sees each raw chunk first (for the CRC and size). */
async function* deflate(
  source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  onRaw: (raw: Uint8Array) => void,
): AsyncGenerator<Buffer> {
  const deflater = createDeflateRaw();
  const feeding = (async () => {
    for await (const chunk of source) {
      onRaw(chunk);
      if (!deflater.write(chunk)) await once(deflater, 'drain');
    }
    deflater.end();
  })().catch((error: unknown) => deflater.destroy(error as Error));
  for await (const out of deflater) yield out as Buffer;
  await feeding;
}

/** MS-DOS time and date words (2-second steps, years from 1980), in UTC. */
function dosTime(at: Date): [number, number] {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return [time, date];
}
