import type { FastifyRequest } from 'fastify';
import { message } from '../../../../common/i18n/translator.js';
import type { ExpectedVersion } from '../../../domain/tickets/ticket-activity.js';
import { AppError, invalidField } from '../../../errors.js';
import { parseEntityTags } from '../../entity-tags.js';

/**
 * The ticket version(s) a change was made against: the `If-Match` header (the ETag of GET /tickets/{id})
 * or the body's `version` field. Undefined when neither is sent, or for `If-Match: *` (any current
 * ticket): the change is applied whatever happened since, as before versions existed.
 *
 * If-Match is read as RFC 9110 §13.1.1 says: strong comparison, so a weak tag (`W/"3"`) names no version
 * and the change is refused (412); a list names every strong version in it, and the change goes ahead if
 * the ticket is at any of them. A tag that is no version of ours (`"abc"`) matches nothing either.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion: number | undefined): ExpectedVersion | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return bodyVersion;
  const tags = parseEntityTags(header);
  if (!tags) {
    throw invalidField('If-Match', message('problems.version.if_match_form', { id: '{id}' }));
  }
  if (tags === '*') return bodyVersion;
  const versions = tags.filter((tag) => !tag.weak && /^\d{1,9}$/.test(tag.opaque)).map((tag) => Number(tag.opaque));
  if (bodyVersion !== undefined && (tags.length !== 1 || versions[0] !== bodyVersion)) {
    throw invalidField('version', message('problems.version.both', { version: bodyVersion, header: header.trim() }));
  }
  return versions;
}

/**
 * Runs a change and answers a stale If-Match with 412 Precondition Failed (RFC 9110 §13.1.1) rather than
 * the 409 a stale body `version` gets, with the same detail and members (`current_version`, `changes`).
 */
export async function withIfMatch<T>(request: FastifyRequest, change: () => Promise<T>): Promise<T> {
  const header = request.headers['if-match'];
  try {
    return await change();
  } catch (error) {
    if (header === undefined || header.trim() === '*' || !(error instanceof AppError) || error.code !== 'TICKET_CHANGED') throw error;
    throw new AppError('PRECONDITION_FAILED', error.detail).withExtensions(error.extensions);
  }
}

/** The ETag of a ticket: its version, changed by every reply, note and field change. */
export function ticketETag(version: number): string {
  return `"${version}"`;
}
