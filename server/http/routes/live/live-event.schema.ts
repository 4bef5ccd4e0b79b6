import { type Static, type TObject, Type } from '@sinclair/typebox';

const Id = (description: string) => Type.Integer({ description });
const By = Type.Union([Type.Integer(), Type.Null()], { description: 'Who did it; null for the helpdesk itself or a client' });
const Version = Id('The ticket version after the change: fetch the ticket when yours is older');
const Ticket = Id('The ticket');
const closed = { additionalProperties: false } as const;

/**
 * The data of each event the stream (GET /events) sends, by its name: the one definition of what an event carries.
 * The route sends nothing else (`presentLiveEvent` is typed by it), and the contract's `LiveEvent` is made of it.
 */
export const LIVE_EVENT_DATA = {
  'ticket.created': Type.Object({ ticket: Ticket, version: Version, by: By }, closed),
  'ticket.updated': Type.Object(
    { ticket: Ticket, version: Version, fields: Type.Array(Type.String(), { description: 'The fields that changed' }), by: By },
    closed,
  ),
  'comment.added': Type.Object(
    {
      ticket: Ticket,
      version: Version,
      comment: Id('The reply or note'),
      internal: Type.Boolean({ description: 'An internal note (staff only)' }),
      by: By,
      fields: Type.Optional(
        Type.Array(Type.String(), { description: 'What changed with it in the same version, such as the status a reply moved' }),
      ),
    },
    closed,
  ),
  'ticket.sla': Type.Object(
    {
      ticket: Ticket,
      version: Version,
      metric: Type.Union([Type.Literal('first_reply'), Type.Literal('next_reply'), Type.Literal('resolution')], {
        description: 'The service-level target',
      }),
      event: Type.Union([Type.Literal('warning'), Type.Literal('breached')], {
        description: 'warning: it is due soon (the policy’s warning minutes); breached: it went overdue',
      }),
    },
    closed,
  ),
  presence: Type.Object(
    {
      ticket: Ticket,
      user: Type.Object({ id: Type.Integer(), name: Type.String() }, closed),
      state: Type.Union([Type.Literal('viewing'), Type.Literal('replying'), Type.Literal('left')]),
    },
    closed,
  ),
  'notification.added': Type.Object({ ticket: Ticket, notification: Id('The new line of your own notification list') }, closed),
  'notifications.read': Type.Object(
    { ticket: Type.Union([Type.Integer(), Type.Null()], { description: 'The ticket whose lines were read, or null for others' }) },
    closed,
  ),
  'tag.changed': Type.Object(
    {
      tag: Id('The tag'),
      change: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]),
      by: By,
    },
    closed,
  ),
  resync: Type.Object({}, closed),
} satisfies Record<string, TObject>;

export type LiveEventName = keyof typeof LIVE_EVENT_DATA;

/** One event: `name` is its Server-Sent Events `event:` field, `data` its `data:` line. */
const eventOf = <N extends LiveEventName>(name: N, description: string) =>
  Type.Object({ name: Type.Literal(name), data: LIVE_EVENT_DATA[name] }, { additionalProperties: false, title: name, description });

/** Every event of the stream, told apart by `name`: `components.schemas.LiveEvent` in the contract. */
export const LiveEventSchema = Type.Union(
  [
    eventOf('ticket.created', 'A ticket was filed'),
    eventOf('ticket.updated', 'A ticket changed: status, assignee, product, reason, urgency or tags'),
    eventOf('comment.added', 'A reply or an internal note was added (notes only to staff who may read them)'),
    eventOf('ticket.sla', 'A service-level target of a ticket is due soon, or went overdue (sent once per target)'),
    eventOf('presence', 'An agent is viewing a ticket, replying, or left it'),
    eventOf('notification.added', 'A line was added to your own notification list'),
    eventOf('notifications.read', 'Some of your own lines were marked read: those of the ticket you opened, or (null) others'),
    eventOf('tag.changed', 'A tag was created, updated (renamed or recoloured) or deleted'),
    eventOf('resync', 'Events may have been missed: fetch what you show again'),
  ],
  {
    $id: 'LiveEvent',
    description:
      'One event of GET /events: `name` is the Server-Sent Events `event:` field and `data` the JSON of its `data:` line. ' +
      'Events carry ids only: fetch the ticket (or the tags) to read it.',
  },
);

export type LiveEventMessage = Static<typeof LiveEventSchema>;

// Every name of LIVE_EVENT_DATA has its member in LiveEventSchema: tsc fails here on a name left out.
type Unlisted = Exclude<LiveEventName, LiveEventMessage['name']>;
const everyNameListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyNameListed;
