import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { isStaff } from '../domain/context.js';
import { AppError } from '../errors.js';
import { cleanFileName } from '../files/clean-file-name.js';
import { discardUploads } from '../files/discard-uploads.js';
import type { ReceivedUpload } from '../files/receive-upload.js';
import { receiveUpload } from '../files/receive-upload.js';
import { filesNeedSignIn, tooManyFiles, unexpectedFilePart } from '../files/upload-refusals.js';
import { type MessageUploadRules, uploadRulesFor } from '../files/upload-rules.js';
import type { CounterStore } from '../intake/counter-store.js';
import { checkUploadBytes, countUploadBytes } from '../intake/guard-upload-bytes.js';
import { prepareTextBody } from './plugins/validation.js';

/** The part name of files, beside the usual fields (the widget, the help site, the API alike). */
export const ATTACHMENTS_PART = 'attachments';

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart request, stored and pending until the route claims them. */
    uploads: ReceivedUpload[] | null;
  }
}

/** How a route's files are read. */
export interface UploadOptions {
  /**
   * The ticket a message's files join (a reply's), or none yet (a new ticket); asked at the first file,
   * with the text parts sent before it (a help-site form sends its hidden `ticket_id` first).
   */
  target?: (request: FastifyRequest, fieldsSoFar: Readonly<Record<string, string>>) => number | undefined;
  /** Whether the sender is signed in (the API: a token or session; the help site: its session). */
  isSignedIn?: (request: FastifyRequest) => boolean;
  /**
   * The route's own refusals that the text parts already decide (a new ticket's intake screen), asked once
   * at the first file with the fields sent before it: a refusal thrown here comes before any file is stored,
   * rather than after the whole upload.
   */
  beforeFiles?: (request: FastifyRequest, fieldsSoFar: Readonly<Record<string, string>>) => Promise<void>;
}

/**
 * A route's preValidation hook for `multipart/form-data`: its text parts become the body (validated by
 * the route's schema like a form body), its `attachments` parts are streamed into the file store one at
 * a time, checked as they arrive, and kept on `request.uploads`, pending. Any refusal throws at once
 * (nothing read further: the connection is closed after the answer) and the files already stored are
 * deleted before the answer is sent, as are those of a message that is then refused or fails — see
 * registerUploadCleanup. Other content types pass through untouched.
 */
export function readMultipartBody(ctx: DomainContext, counters: CounterStore, options: UploadOptions = {}) {
  const isSignedIn = options.isSignedIn ?? ((request: FastifyRequest) => request.actor !== null);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.isMultipart()) return;
    const uploads: ReceivedUpload[] = [];
    request.uploads = uploads;
    const staff = isStaff(request.actor);
    // The largest any setting allows; each file is held to the setting itself as it streams.
    const ceiling = await uploadRulesFor(ctx, { anonymous: false });
    let rules: MessageUploadRules | undefined;
    const fields: Record<string, string> = {};
    // The file being read, so a refusal of it says which one (the widget marks that file's chip).
    let current: { index: number; name: string } | undefined;
    let fileCount = 0;
    try {
      const parts = request.parts({ limits: { fileSize: ceiling.maxFileBytes + 1, files: ceiling.maxFiles + 1, parts: 200 } });
      for await (const part of unreadableAsMalformed(parts)) {
        if (part.type === 'field') {
          if (part.fieldname !== ATTACHMENTS_PART) fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== ATTACHMENTS_PART) throw unexpectedFilePart(part.fieldname);
        // A browser sends a nameless, empty file part for a file input left empty: it is no file.
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        if (fileCount === 0) await options.beforeFiles?.(request, fields);
        const name = cleanFileName(part.filename);
        current = { index: fileCount++, name };
        rules ??= await uploadRulesFor(ctx, { anonymous: !isSignedIn(request), ticketId: options.target?.(request, fields) });
        if (!rules.mayAttach) throw filesNeedSignIn(name);
        if (uploads.length >= rules.maxFiles) throw tooManyFiles(name, rules.maxFiles);
        if (!staff) await checkUploadBytes(counters, request.ip, rules.ipMbPerHour);
        const used = uploads.reduce((sum, upload) => sum + upload.size, 0);
        const source = unreadableAsMalformed(part.file);
        const upload = await receiveUpload(ctx, part.filename, source, { ...rules, remainingBytes: rules.remainingBytes - used });
        uploads.push(upload);
        if (!staff) await countUploadBytes(counters, request.ip, upload.size);
        current = undefined;
      }
    } catch (error) {
      // `attachment`: the refused file's position among the message's files (from 0) and its cleaned name.
      if (current && error instanceof AppError && error.errors?.[0]?.field === ATTACHMENTS_PART) {
        error.withExtensions({ attachment: current });
      }
      // What is left of the body is not read: the connection closes once the refusal is sent.
      reply.header('connection', 'close');
      throw error;
    }
    prepareTextBody(request, fields);
    request.body = fields;
  };
}

/**
 * The multipart parser's own failures (no boundary, a body cut off, a part over the parser's limits) are
 * the client's: a 400 naming the body, never a 500. Our refusals (AppError) pass as they are.
 */
async function* unreadableAsMalformed<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const item of source) yield item;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('MALFORMED_BODY', message('problems.http.multipart_unreadable'));
  }
}

/**
 * Deletes the pending files of every request that did not claim them (a refusal, a validation error, a
 * failure) before its answer is sent, so whoever reads the answer finds nothing stored; and of a request
 * whose client went away. Claimed files are no longer pending and stay.
 */
export function registerUploadCleanup(app: FastifyInstance, ctx: DomainContext): void {
  app.decorateRequest('uploads', null);
  const cleanUp = async (request: FastifyRequest) => {
    const uploads = request.uploads;
    if (!uploads?.length) return;
    request.uploads = null;
    await discardUploads(ctx, uploads).catch((error: unknown) => request.log.warn({ err: error }, 'Could not delete refused uploads'));
  };
  // Callback style with a fast path: nearly every answer has no uploads, and an async hook would cost each
  // of them a promise (the docs list and the widget's form are read far more often than files are sent).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!request.uploads?.length) return done(null, payload);
    void cleanUp(request).then(() => done(null, payload));
  });
  app.addHook('onRequestAbort', cleanUp);
}
