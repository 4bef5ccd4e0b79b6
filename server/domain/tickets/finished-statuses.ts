/**
 * The statuses that end a ticket's work (slugs): a client's ticket in one is no longer open, and a move
 * to any other status reopens the ticket's rating requests. Its own module so that the status writer
 * (`ticket-term-row.ts`) and the operations that read the list need not import each other.
 */
export const FINISHED_STATUS_SLUGS = ['resolved', 'closed'] as const;
