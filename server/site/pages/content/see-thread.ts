import type { FastifyReply } from 'fastify';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { findClientTicketNumber } from '../../../domain/tickets/find-client-ticket-number.js';
import { seeOther } from '../../shared/site-page.js';

/**
 * After a thread's form post, back to `path` showing that thread with `notice`: the help site's address names a
 * ticket by its number, the form posts its id. A ticket that is not the client's opens no thread, only the notice.
 */
export async function seeThread(
  ctx: DomainContext,
  config: Config,
  reply: FastifyReply,
  thread: { path: string; userId: number; ticketId: number; notice: string },
) {
  const { path, userId, ticketId, notice } = thread;
  const number = await findClientTicketNumber(ctx.db, userId, ticketId);
  return seeOther(reply, config, path, number === undefined ? { notice } : { ticket: String(number), notice });
}
