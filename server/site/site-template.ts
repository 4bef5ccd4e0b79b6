import type { FastifyReply } from 'fastify';
import type { FrontRequest } from './front-request.js';

/** Answers the front-end requests whose query vars it claims (the CMS's template hierarchy, flattened). */
export interface SiteTemplate {
  claims(queryVars: Readonly<Record<string, string>>): boolean;
  render(request: FrontRequest, reply: FastifyReply): Promise<unknown>;
}
