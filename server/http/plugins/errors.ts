import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { isClientAbort } from '../client-abort.js';
import { describeFailure, problemFor, problemHeaders, toProblem } from '../problem.js';
import { requestPath } from '../request-path.js';

/** One shape for every failure: RFC 9457 problem+json from both the error and the not-found handler. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      if (isClientAbort(error, request.raw)) {
        // Nobody is left to answer; the client's doing, not the service's trouble.
        request.log.info('request aborted: the client hung up before sending the whole request');
        return reply.status(400).send();
      }
      const problem = toProblem(error);
      // An AppError is a state the service chose to answer (the intake switched off): logged as what it is,
      // not as a failure with a stack trace. Anything else at 5xx is a fault an operator must look at.
      if (problem.status >= 500 && error instanceof AppError) request.log.info({ code: problem.code }, `refused: ${problem.detail}`);
      else if (problem.status >= 500) request.log.error({ err: error }, describeFailure(error));
      reply.headers(problemHeaders(error));
      // RFC 9110 §11.6.1: a 401 names the scheme that would work.
      if (problem.status === 401)
        reply.header('www-authenticate', problem.code === 'INVALID_TOKEN' ? 'Bearer error="invalid_token"' : 'Bearer');
      reply.status(problem.status).type('application/problem+json').send(problem);
    });
    app.setNotFoundHandler((request, reply) => {
      const path = requestPath(request.url);
      const allowed = request.server.allowedMethods?.(path) ?? [];
      if (allowed.length && !allowed.includes(request.method)) {
        const detail = `${path} does not answer ${request.method}. Use ${allowed.join(', ')}.`;
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .type('application/problem+json')
          .send(problemFor('METHOD_NOT_ALLOWED', detail));
      }
      const detail = `Nothing is at ${request.method} ${path}. The API is described at /api/helpdesk/v1/openapi.json.`;
      reply.status(404).type('application/problem+json').send(problemFor('NOT_FOUND', detail));
    });
  },
  { name: 'helpdesk-errors' },
);
