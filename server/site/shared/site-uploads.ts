import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config-types.js';
import type { DomainContext } from '../../domain/context.js';
import { AppError, renderProblemText } from '../../errors.js';
import { readMultipartBody, type UploadOptions } from '../../http/multipart-uploads.js';
import type { CounterStore } from '../../intake/counter-store.js';
import { MessagePage } from './message-page.js';
import { layoutProps, sendPrivatePage } from './site-page.js';

/**
 * A help-site form's files (`enctype="multipart/form-data"`, an `attachments` file input), read as the API
 * reads them, for the signed-in person of the site session. A refused file gets a page saying which and why,
 * with the problem's status; nothing of the message is kept (the form's page still holds what was typed:
 * going back sends it again without the file).
 */
export function siteUploads(ctx: DomainContext, config: Config, counters: CounterStore, options: Omit<UploadOptions, 'isSignedIn'> = {}) {
  const read = readMultipartBody(ctx, counters, { ...options, isSignedIn: (request) => request.siteUser !== null });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await read(request, reply);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const layout = await layoutProps(ctx, config, request, reply);
      // The problem in the reader's language (error.message is its English, for logs).
      const problem = renderProblemText(layout.t, error.detail);
      const message = layout.t.t('site.upload.goBack', { problem });
      const refused = error.extensions.attachment as { index?: unknown } | undefined;
      const refusedFile = typeof refused?.index === 'number' ? { index: refused.index, detail: problem } : undefined;
      const page = MessagePage({ ...layout, title: layout.t.t('site.upload.notSentTitle'), message, refusedFile });
      return sendPrivatePage(reply, page, error.status, error.headers);
    }
  };
}
