import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../../errors.js';

/**
 * The ticket version a change was made against: the `If-Match` header (the ETag of GET /tickets/{id}) or
 * the body's `version` field. Undefined when neither is sent: the change is applied whatever happened
 * since, as before versions existed.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion: number | undefined): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return bodyVersion;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  if (!match) {
    const detail = 'send the ETag of GET /tickets/{id} as it came, for example "3", or leave If-Match out';
    throw new AppError('VALIDATION_FAILED', `If-Match: ${detail}`, [fieldError('If-Match', detail)]);
  }
  const version = Number(match[1]);
  if (bodyVersion !== undefined && bodyVersion !== version) {
    const detail = `names version ${bodyVersion} but If-Match names ${version}; send only one of them`;
    throw new AppError('VALIDATION_FAILED', `version: ${detail}`, [fieldError('version', detail)]);
  }
  return version;
}

/** The ETag of a ticket: its version, changed by every reply, note and field change. */
export function ticketETag(version: number): string {
  return `"${version}"`;
}
