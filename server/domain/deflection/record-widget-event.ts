import type { DomainContext } from '../context.js';
import { scrubQuery } from './scrub-query.js';
import { DOC_EVENTS, type WidgetEventName } from './widget-event-names.js';

export interface WidgetEventInput {
  session: string;
  event: WidgetEventName;
  docId?: number;
  /** Only for a search that found nothing (the widget sends it with `typed`): kept, scrubbed, for the docs' authors. */
  query?: string;
  /** `submitted` from the filing route: the ticket the session filed. */
  ticketId?: number;
}

/**
 * Records one event of a widget session; a repeat of the same (session, event, doc) records nothing (the
 * primary key), so the widget may retry freely. A doc id on an event about no doc is dropped, not stored.
 */
export async function recordWidgetEvent(ctx: DomainContext, input: WidgetEventInput): Promise<void> {
  const createdAt = ctx.now().toISOString();
  const docId = DOC_EVENTS.has(input.event) ? (input.docId ?? 0) : 0;
  await ctx.db
    .insertInto('widget_events')
    .values({ session: input.session, event: input.event, doc_id: docId, ticket_id: input.ticketId ?? null, created_at: createdAt })
    .onConflict((oc) => oc.columns(['session', 'event', 'doc_id']).doNothing())
    .execute();
  const query = input.query === undefined ? '' : scrubQuery(input.query);
  if (query.length < 3) return;
  await ctx.db
    .insertInto('widget_empty_searches')
    .values({ session: input.session, query, created_at: createdAt })
    .onConflict((oc) => oc.columns(['session', 'query']).doNothing())
    .execute();
}
