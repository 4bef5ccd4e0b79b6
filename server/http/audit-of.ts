import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../audit/record-audit.js';

/** The audit context of a request: who is signed in and the client's address (after the trusted proxies). */
export const auditOf = (request: FastifyRequest): AuditContext => ({
  actorId: request.actor?.id ?? request.siteUser?.id ?? null,
  address: request.ip,
});
