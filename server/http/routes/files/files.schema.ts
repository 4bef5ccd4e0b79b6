import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

export const FileParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
export const MailedQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 20, description: 'When the link stops working (seconds since 1970)' })),
  signature: Type.Optional(Type.String({ maxLength: 128, description: 'The helpdesk’s signature of the id and the expiry' })),
});

export const FileRequestHeaders = Type.Object({
  range: Type.Optional(Type.String({ maxLength: 200, description: 'One byte range, `bytes=first-last` or `bytes=-suffix`: 206' })),
  'if-range': Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'The ETag your part came from: the range only while it is still this file, else the whole file (200)',
    }),
  ),
  'if-none-match': Type.Optional(
    Type.String({ maxLength: 200, description: 'The ETag of your copy: 304 and no body while it is this file' }),
  ),
});
export const ThumbnailRequestHeaders = Type.Pick(FileRequestHeaders, ['if-none-match']);

// A file is sent as the type decided from its content (text as UTF-8), whatever its name says.
const FILE_CONTENT = { '*/*': { schema: { type: 'string', format: 'binary' } } };
const WHOLE_FILE = {
  description: 'The file, in the type decided from its content (Content-Type: image/png, application/pdf, text/plain; charset=utf-8, …)',
  content: FILE_CONTENT,
};
const FILE_RANGE = { description: 'The asked byte range of the file (Content-Range says which)', content: FILE_CONTENT };
const NOT_MODIFIED = {
  description: 'If-None-Match named the file’s ETag: the copy you have is this file (no body)',
  type: 'null',
} as const;

/** GET /files/{id}: the file, a range of it, or 304 for the caller's current copy. */
export const fileResponse = {
  200: WHOLE_FILE,
  304: NOT_MODIFIED,
  206: FILE_RANGE,
  ...problemResponses(404, 416),
};

export const thumbnailResponse = {
  200: { description: 'The thumbnail', type: 'string', format: 'binary' },
  304: NOT_MODIFIED,
  ...problemResponses(404),
};

/** A mailed link that is broken answers a page in plain words, not a problem: a person clicked it. */
export const mailedFileResponse = {
  200: WHOLE_FILE,
  304: NOT_MODIFIED,
  206: FILE_RANGE,
  404: {
    description: 'An altered, expired or dead link (or the file is gone): a page saying so, never the file',
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  429: {
    description: 'Too many broken links were tried from your network: a page saying so',
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  ...problemResponses(416),
};
