import { Value } from '@sinclair/typebox/value';
import { LiveEventSchema } from '../http/routes/live/live-event.schema.js';
import type { ReceivedEvent } from './event-stream-client.js';

/** The events a stream sent that are not a LiveEvent of the contract (a field missing, extra or of another type). */
export function liveEventsOffContract(events: readonly ReceivedEvent[]): ReceivedEvent[] {
  return events.filter((event) => !Value.Check(LiveEventSchema, { name: event.event, data: event.data }));
}
