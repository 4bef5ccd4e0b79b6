import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ONE_YEAR = 365 * 24 * 60 * 60;
/** The Strict-Transport-Security value sent on https answers (also by the docs list's fast path). */
export const HSTS_VALUE = `max-age=${ONE_YEAR}; includeSubDomains`;

/**
 * Strict-Transport-Security only on answers that went over https — to this process, or to a trusted
 * proxy that says so in X-Forwarded-Proto (`request.protocol` honours the trusted hops). Over plain
 * http the header is meaningless (browsers ignore it) and tells a local or test setup to refuse http
 * for a year on that host name.
 */
export const hstsPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback style: no promise per request for a synchronous check.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
      done();
    });
  },
  { name: 'helpdesk-hsts' },
);
