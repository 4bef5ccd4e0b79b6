import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { message } from '../../../../common/i18n/translator.js';
import { takeGuess } from '../../../auth/guess-limits.js';
import { AppError } from '../../../errors.js';
import type { FileStore } from '../../../files/file-store.js';
import { findMailedAttachment, findReadableAttachment, type ReadableAttachment } from '../../../files/find-readable-attachment.js';
import { findThumbnail } from '../../../files/find-thumbnail.js';
import { THUMBNAIL_TYPE } from '../../../files/make-thumbnail.js';
import { checkSignedFileLink } from '../../../files/signed-file-link.js';
import { isStrongMatch, matchesIfNoneMatch, parseEntityTags } from '../../entity-tags.js';
import type { RouteServices } from '../../services.js';
import { sendBrokenFileLink, sendTooManyBrokenLinks } from './broken-file-link-page.js';
import { parseByteRange } from './byte-range.js';
import { fileHeaders } from './file-headers.js';
import {
  FileParams,
  FileRequestHeaders,
  fileResponse,
  MailedQuery,
  mailedFileResponse,
  ThumbnailRequestHeaders,
  thumbnailResponse,
} from './files.schema.js';

/** The same answer for a file that does not exist and one the caller may not read. */
const noSuchFile = () => new AppError('NOT_FOUND', message('problems.files.no_such_file'));

/**
 * GET /files/{id} — an attachment's bytes, to whoever may read what it was sent with (ticket-policy.ts,
 * through findReadableAttachment); everyone else, signed in or not, gets the same 404. One byte range
 * may be asked (206).
 */
export const filesRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.get(
    '/files/:id',
    {
      schema: {
        summary:
          'An attached file (to the ticket’s client, their organisation while sharing is on, and staff; ' +
          'internal notes’ files to staff only); Range works',
        tags: ['tickets'],
        params: FileParams,
        headers: FileRequestHeaders,
        response: fileResponse,
      },
      // Compressing would break ranges and lengths; images and archives are compressed already.
      compress: false,
    },
    async (request, reply) => {
      const file = await findReadableAttachment(ctx, request.actor, request.params.id);
      if (!file) throw noSuchFile();
      return sendFile(ctx.files, request, reply, file);
    },
  );

  app.get(
    '/files/:id/thumbnail',
    {
      schema: {
        summary: 'A small copy of an attached raster image (WebP, at most 320 px a side), to the same readers as the file',
        tags: ['tickets'],
        params: FileParams,
        headers: ThumbnailRequestHeaders,
        produces: [THUMBNAIL_TYPE],
        response: thumbnailResponse,
      },
      compress: false,
    },
    async (request, reply) => {
      const file = await findReadableAttachment(ctx, request.actor, request.params.id);
      if (!file) throw noSuchFile();
      const thumbnail = await findThumbnail(ctx, file);
      if (!thumbnail) throw new AppError('NOT_FOUND', message('problems.files.no_thumbnail'));
      // The same headers as the file (nosniff, sandbox, private), named after it, shown inline.
      const dot = file.name.lastIndexOf('.');
      const name = `${dot > 0 ? file.name.slice(0, dot) : file.name}-thumbnail.webp`;
      reply.headers(fileHeaders({ ...file, name, type: THUMBNAIL_TYPE, size: thumbnail.size }));
      const etag = `"${request.params.id}-thumbnail-${thumbnail.size}"`;
      reply.header('etag', etag);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.header('content-length', String(thumbnail.size));
      return reply.send(await ctx.files.get(thumbnail.key));
    },
  );

  app.get(
    '/files/:id/mailed',
    {
      schema: {
        summary: 'An attached file through the signed, expiring link a mail gave for it (no sign-in); Range works',
        description:
          'A link whose signature does not match, or whose time is past, answers 404 with a page in plain words, never the file.',
        tags: ['tickets'],
        params: FileParams,
        querystring: MailedQuery,
        headers: FileRequestHeaders,
        response: mailedFileResponse,
      },
      compress: false,
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      const check = await checkSignedFileLink(ctx, request.params.id, expires, signature);
      if (check === 'invalid') {
        // Signatures cannot be guessed, but trying costs us a lookup: the sign-in links' guess limit applies.
        if (!(await takeGuess(ctx.db, 'token', request.ip))) return sendTooManyBrokenLinks(ctx, config, reply);
        return sendBrokenFileLink(ctx, config, reply, 'invalid');
      }
      if (check === 'expired') return sendBrokenFileLink(ctx, config, reply, 'expired');
      const file = await findMailedAttachment(ctx, request.params.id);
      if (!file) return sendBrokenFileLink(ctx, config, reply, 'gone');
      // A mailed link is a bearer secret: it must not leak onward through a Referer.
      reply.header('referrer-policy', 'no-referrer');
      return sendFile(ctx.files, request, reply, file);
    },
  );
};

/**
 * A file's ETag: strong, the same on every instance and in every store. A file's bytes never change under
 * its public id (a new upload is a new id), so the id and size name them; no hash has to be read.
 */
export function fileETag(file: ReadableAttachment): string {
  return `"${file.publicId}-${file.size}"`;
}

/**
 * Whether a Range may be served (RFC 9110 §13.1.5): without If-Range, yes; with it, only when it is an
 * entity tag that strongly matches this file's. A date (we send no Last-Modified to match) or another
 * tag means the client's part is of something else: it gets the whole file.
 */
function isRangeCurrent(ifRange: string | string[] | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  const tags = parseEntityTags(ifRange);
  return Array.isArray(tags) && tags.length === 1 && tags[0] !== undefined && isStrongMatch(tags[0], etag);
}

/**
 * Sends a file (or the one byte range asked) with the headers every file answer carries, its ETag, and
 * 304 for an If-None-Match that names it (checked before Range, RFC 9110 §13.2.2).
 */
async function sendFile(files: FileStore, request: FastifyRequest, reply: FastifyReply, file: ReadableAttachment) {
  const etag = fileETag(file);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.headers(fileHeaders(file));
    reply.header('etag', etag);
    return reply.code(304).send();
  }
  const asked = isRangeCurrent(request.headers['if-range'], etag) ? request.headers.range : undefined;
  const range = parseByteRange(asked, file.size);
  if (range === 'unsatisfiable') {
    throw new AppError('RANGE_NOT_SATISFIABLE', message('problems.files.range', { size: file.size })).withHeaders({
      'content-range': `bytes */${file.size}`,
    });
  }
  reply.headers(fileHeaders(file));
  reply.header('etag', etag);
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(file.size));
  }
  return reply.send(await files.get(file.storageKey, range));
}
