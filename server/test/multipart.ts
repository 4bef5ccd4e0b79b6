import { randomBytes } from 'node:crypto';

/** One file part of a test's multipart body. */
export interface TestFile {
  name: string;
  bytes: Buffer;
  /** The type the sender declares (never believed by the helpdesk). */
  type?: string;
  /** The part's name; `attachments` unless a test sends something else. */
  part?: string;
}

/** A `multipart/form-data` body as a browser's FormData would send it: the fields, then the files. */
export function multipartBody(fields: Record<string, string | number>, files: TestFile[] = []) {
  const boundary = `----helpdesk${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.part ?? 'attachments'}"; ` +
          `filename="${file.name.replaceAll('"', '%22')}"; filename*=UTF-8''${encodeURIComponent(file.name)}\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a Windows executable (MZ header, PE signature): what a disguised program begins with. */
export function windowsExecutable(size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/** A minimal PDF. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
