import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type DecodedMail, decodeMail } from './decode-mail.js';
import type { MailFile } from './keep-mail-files.js';

/** One incoming message as the import reads it: the decoded mail with a header lookup, its files as Buffers, and its text. */
export interface IncomingMail extends Omit<DecodedMail, 'headers' | 'files'> {
  /** Lower-cased header names; a header seen several times keeps its first value. */
  header(name: string): string | undefined;
  /** The files attached (kept under Tickets → Attachments: keep-mail-files.ts). */
  files: MailFile[];
  /** The message as received, kept for a retry. */
  raw: string;
}

/**
 * A message larger than this is decoded in a worker thread: reading a few megabytes of HTML takes the
 * CPU for a second, which the event loop must not lose while requests wait (an IMAP pass runs in the
 * web process by default). Smaller ones, nearly all mail, are read in place for no thread's start-up.
 */
export const DECODE_IN_THREAD_MAX_BYTES = 256 * 1024;

/** The longest a worker may decode one message, and the heap it may take, before the message is refused. */
const DECODE_TIME_LIMIT_MS = 60_000;
const DECODE_HEAP_MB = 256;

/** Parses a raw message with mailparser; throws when it is not a mail at all, or is too heavy to read. */
export async function parseIncomingMail(input: string | Buffer, { inThread = true }: { inThread?: boolean } = {}): Promise<IncomingMail> {
  // Bytes are parsed as bytes (8-bit bodies in any charset); the copy kept for a retry is text.
  const size = typeof input === 'string' ? input.length : input.byteLength;
  // `inThread` false (HELPDESK_PERFORMANCE_OFF=mail-decode-thread): every message read in place, with decodeMail's
  // own bounds on what is read but no time or heap limit of a thread.
  const decoded = inThread && size > DECODE_IN_THREAD_MAX_BYTES ? await decodeInWorker(input) : await decodeMail(input);
  const headers = new Map(decoded.headers);
  return {
    ...decoded,
    header: (name) => headers.get(name.toLowerCase()),
    files: decoded.files.map((f) => ({ name: f.name, content: Buffer.from(f.content.buffer, f.content.byteOffset, f.content.byteLength) })),
    raw: typeof input === 'string' ? input : input.toString('utf8'),
  };
}

function decodeInWorker(input: string | Buffer): Promise<DecodedMail> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  return new Promise((resolve, reject) => {
    // A copy of exactly the message (a Buffer may be a view of a larger pool).
    const worker = startDecodeWorker(new Uint8Array(bytes));
    const timer = setTimeout(() => {
      reject(new Error(`It took over ${DECODE_TIME_LIMIT_MS / 1000} s to read.`));
      void worker.terminate();
    }, DECODE_TIME_LIMIT_MS);
    worker.once('message', (answer: { mail?: DecodedMail; error?: string }) => {
      clearTimeout(timer);
      if (answer.mail) resolve(answer.mail);
      else reject(new Error(answer.error ?? 'It could not be read.'));
      void worker.terminate();
    });
    // Over the heap limit, or a fault in the thread: the message is refused, the process goes on.
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('It could not be read.'));
    });
  });
}

function startDecodeWorker(bytes: Uint8Array): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: DECODE_HEAP_MB };
  // The built server runs dist/server/decode-mail-worker.js beside its chunks; from source (tests, tsx)
  // the TypeScript entry, with tsx's hooks, which a worker does not inherit from the command line.
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./decode-mail-worker.js', import.meta.url), { workerData: bytes, resourceLimits });
  const entry = new URL('./decode-mail-worker.ts', import.meta.url).href;
  // tsx's ES module API (its CommonJS one cannot register from a worker), found from here, not from the
  // process's working folder (a test's may be anywhere).
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const source = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(source, { eval: true, workerData: bytes, resourceLimits });
}
