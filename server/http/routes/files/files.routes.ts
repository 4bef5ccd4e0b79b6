import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { AppError } from '../../../errors.js';
import { findReadableAttachment } from '../../../files/find-readable-attachment.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';
import { parseByteRange } from './byte-range.js';
import { fileHeaders } from './file-headers.js';

const FileParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

/** The same answer for a file that does not exist and one the caller may not read. */
const noSuchFile = () => new AppError('NOT_FOUND', 'There is no such file.');

/**
 * GET /files/{id} — an attachment's bytes, to whoever may read what it was sent with (ticket-policy.ts,
 * through findReadableAttachment); everyone else, signed in or not, gets the same 404. One byte range
 * may be asked (206).
 */
export const filesRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/files/:id',
    {
      schema: {
        summary: 'An attached file (to the ticket’s client and staff; internal notes’ files to staff only); Range works',
        tags: ['tickets'],
        params: FileParams,
        produces: ['application/octet-stream'],
        response: {
          200: { description: 'The file', type: 'string', format: 'binary' },
          206: { description: 'The asked byte range of the file', type: 'string', format: 'binary' },
          ...problemResponses(404, 416),
        },
      },
      // Compressing would break ranges and lengths; images and archives are compressed already.
      compress: false,
    },
    async (request, reply) => {
      const file = await findReadableAttachment(ctx, request.actor, request.params.id);
      if (!file) throw noSuchFile();
      const range = parseByteRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        throw new AppError('RANGE_NOT_SATISFIABLE', `This file has ${file.size} bytes; ask for a range within them.`).withHeaders({
          'content-range': `bytes */${file.size}`,
        });
      }
      reply.headers(fileHeaders(file));
      if (range) {
        reply.status(206);
        reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
        reply.header('content-length', String(range.end - range.start + 1));
      } else {
        reply.header('content-length', String(file.size));
      }
      return reply.send(await ctx.files.get(file.storageKey, range));
    },
  );
};
