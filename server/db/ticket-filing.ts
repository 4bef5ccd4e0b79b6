import type { CounterHit, CountingCtes } from '../intake/counter-store.js';
import type { Taxonomy } from './tables.js';

// The rows of a filing as the stores write them (server/domain/tickets/insert-ticket-rows.ts states the rules).

/** The new ticket's post id and its own number (#1, #2, …) that people read. */
export interface InsertedTicket {
  id: number;
  number: number;
}

/** The rows of one new ticket, as createTicket resolved them. */
export interface TicketRows {
  title: string;
  content: string;
  authorId: number;
  productId: number | null;
  terms: Array<{ taxonomy: Taxonomy; termId: number }>;
  meta: Record<string, string>;
  /** The scoped idempotency key, when the submission sent one. */
  idempotencyKey?: string;
  /** The reports' row written with the ticket (`ticket_report_facts`, server/domain/report-facts/). */
  reportFacts?: FiledReportFacts;
}

/** What the reports know of a ticket from its filing: when (the domain's clock), by which channel, in which status. */
export interface FiledReportFacts {
  createdAt: string;
  channel: string | null;
  status: string;
  /** Filed in Waiting or a finished status: the time the client does not wait on the team starts at once. */
  heldSince: string | null;
}

/** Whose ticket it is, as the one statement finds (or makes) the account. */
export type TicketAccount =
  /** An account already resolved (staff chose it). */
  | { kind: 'id'; id: number }
  /** The existing account of that email; the statement writes nothing when there is none. */
  | { kind: 'email'; email: string }
  /** The account of that email, or one made as a client when there is none (the registration gate said yes). */
  | { kind: 'create'; email: string; name: string; language: string | null };

/** What the one statement did: filed the ticket, found the key's earlier ticket, or found no account. */
export type OneStatementOutcome = (
  | ({ kind: 'created' } & InsertedTicket)
  | ({ kind: 'replayed'; status: string } & InsertedTicket)
  | { kind: 'no_account' }
) & {
  /** The counters the statement hit (`Counting`), in the order given; empty when it counted none. */
  hits: CounterHit[];
};

/**
 * Counters the filing statement hits first (the intake limits): it writes the ticket (or the account)
 * only when every count is within its `max`, and otherwise nothing but the counts.
 */
export interface Counting {
  counting: CountingCtes;
  /** The ceiling of each hit, in the order of `counting.rowKeys`. */
  maxima: number[];
}
