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

/** The stream's description in the contract: what each event carries. */
export const EVENT_STREAM_DESCRIPTION = [
  'Server-Sent Events (text/event-stream). Each event has a name and one line of JSON, and all but `presence` an id:',
  '`ticket.created` {ticket, version, by}; `ticket.updated` {ticket, version, fields, by};',
  '`comment.added` {ticket, version, comment, internal, by, fields?} (replies and internal notes; `fields`: what changed with it, ' +
    'in the same version, such as the status a reply moved);',
  '`presence` {ticket, user: {id, name}, state} (viewing, replying or left; everyone present is sent on connect);',
  '`notification.added` {ticket, notification} (a line added to your own notification list; yours only);',
  '`notifications.read` {ticket} (some of your own lines were marked read: those of that ticket, which you opened, or null for others; ' +
    'yours only);',
  '`tag.changed` {tag, change, by} (a tag was created, updated (renamed or recoloured) or deleted);',
  '`resync` {} when events may have been missed: fetch what you show again.',
  'Reconnect with `Last-Event-ID` (browsers do): the events after it are sent first, or `resync` when they are no longer kept',
  '(the stream starts with an id for that, before any event). A revoked token, ' +
    'an ended session or a disabled account ends its streams at once.',
  'Events carry ids only: fetch the ticket (or the tags) to read it. A comment line comes every 15 s; `retry:` says when to reconnect.',
].join(' ');
