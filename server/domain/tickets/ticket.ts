import type { Post } from '../content/post-types.js';

/** A ticket: a post of type `ticket` with its workflow status (a `ticket_status` term slug). */
export interface Ticket extends Post {
  ticketStatus: string;
}
