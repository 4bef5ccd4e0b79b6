import { Type } from '@sinclair/typebox';

export const PresenceBody = Type.Object(
  {
    state: Type.Union([Type.Literal('viewing'), Type.Literal('replying'), Type.Literal('left')], {
      description: 'viewing or replying (renew every 10 s; it lapses after 30 s), or left',
    }),
  },
  { additionalProperties: false },
);

/** The header a reconnecting EventSource sends: the id of the last event it had. */
export const LastEventIdHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ maxLength: 200, description: 'Resume after this event (see the description)' })),
});

/** The stream's description in the contract; what each event carries is the LiveEvent schema (live-event.schema.ts). */
export const EVENT_STREAM_DESCRIPTION = [
  'Server-Sent Events (text/event-stream). Each event has a name and one line of JSON, and all but `presence` an id;',
  'each is one of the `LiveEvent` schemas: its `name` is the `event:` field, its `data` the `data:` line.',
  'Everyone present is sent as `presence` on connect. `notification.added` and `notifications.read` are about your own list only.',
  '`resync` {} when events may have been missed: fetch what you show again.',
  'Reconnect with `Last-Event-ID` (browsers do): the events after it are sent first, or `resync` when they are no longer kept',
  '(the stream starts with an id for that, before any event). A revoked token, ' +
    'an ended session or a disabled account ends its streams at once.',
  'Events carry ids only: fetch the ticket (or the tags) to read it. A comment line comes every 15 s; `retry:` says when to reconnect.',
].join(' ');
