import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeFailure, problemFor, problemHeaders, toProblem } from '../problem.js';

/** One shape for every failure: RFC 9457 problem+json from both the error and the not-found handler. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const problem = toProblem(error);
      if (problem.status >= 500) request.log.error({ err: error }, describeFailure(error));
      reply.headers(problemHeaders(error));
      reply.status(problem.status).type('application/problem+json').send(problem);
    });
    app.setNotFoundHandler((request, reply) => {
      const detail = `Nothing is at ${request.method} ${request.url.split('?')[0]}. The API is described at /api/helpdesk/v1/openapi.json.`;
      reply.status(404).type('application/problem+json').send(problemFor('NOT_FOUND', detail));
    });
  },
  { name: 'helpdesk-errors' },
);
