import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { english } from '../../i18n/translators.js';
import { isClientAbort } from '../client-abort.js';
import { describeFailure, type Problem, problemFor, problemHeaders, toProblem } from '../problem.js';
import { problemTranslator } from '../problem-language.js';
import { requestPath } from '../request-path.js';

/**
 * One shape for every failure: RFC 9457 problem+json from both the error and the not-found handler, its title,
 * detail and field errors in the reader's language (problem-language.ts), said in `Content-Language`.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance, options: { db?: Kysely<Database> }) => {
    app.setErrorHandler(async (error, request, reply) => {
      if (isClientAbort(error, request.raw)) {
        // Nobody is left to answer; the client's doing, not the service's trouble.
        request.log.info('request aborted: the client hung up before sending the whole request');
        return reply.status(400).send();
      }
      let t = await problemTranslator(request, error, options.db);
      let problem: Problem;
      try {
        problem = toProblem(error, t);
      } catch (failure) {
        // A text that cannot be formatted (a value missing) is a bug to log, never a reason not to answer.
        request.log.error({ err: failure }, 'a problem text could not be formatted; answered in English');
        t = english;
        problem = toProblem(error, english);
      }
      // An AppError is a state the service chose to answer (the intake switched off): logged as what it is,
      // not as a failure with a stack trace. Anything else at 5xx is a fault an operator must look at.
      if (problem.status >= 500 && error instanceof AppError) request.log.info({ code: problem.code }, `refused: ${error.message}`);
      else if (problem.status >= 500) request.log.error({ err: error }, describeFailure(error));
      reply.headers(problemHeaders(error));
      // RFC 9110 §11.6.1: a 401 names the scheme that would work.
      if (problem.status === 401)
        // i18n-exempt: an HTTP authentication challenge, read by clients
        reply.header('www-authenticate', problem.code === 'INVALID_TOKEN' ? 'Bearer error="invalid_token"' : 'Bearer');
      return reply.status(problem.status).header('content-language', t.language).type('application/problem+json').send(problem);
    });
    app.setNotFoundHandler(async (request, reply) => {
      const path = requestPath(request.url);
      const allowed = request.server.allowedMethods?.(path) ?? [];
      const t = await problemTranslator(request, undefined, options.db);
      reply.header('content-language', t.language).type('application/problem+json');
      if (allowed.length && !allowed.includes(request.method)) {
        const detail = message('problems.detail.method_not_allowed', { path, method: request.method, allowed: allowed.join(', ') });
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .send(problemFor('METHOD_NOT_ALLOWED', detail, undefined, t));
      }
      const detail = message('problems.detail.no_route', { path, method: request.method });
      return reply.status(404).send(problemFor('NOT_FOUND', detail, undefined, t));
    });
  },
  { name: 'helpdesk-errors' },
);
