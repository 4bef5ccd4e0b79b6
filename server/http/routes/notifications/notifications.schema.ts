import { Type } from '@sinclair/typebox';
import { NOTIFICATIONS_MAX_PER_PAGE, NOTIFICATIONS_PER_PAGE } from '../../../../common/limits.js';

const Kind = Type.Union(
  [
    Type.Literal('ticket_created'),
    Type.Literal('client_replied'),
    Type.Literal('ticket_assigned'),
    Type.Literal('rating_received'),
    Type.Literal('sla_warning'),
    Type.Literal('sla_breached'),
  ],
  {
    description:
      'ticket_created, client_replied (on a ticket of yours), ticket_assigned (to you), rating_received, ' +
      'sla_warning (a ticket of yours, or an unassigned one, is due soon), sla_breached (it went overdue)',
  },
);

export const NotificationsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_MAX_PER_PAGE, default: NOTIFICATIONS_PER_PAGE })),
    unread: Type.Optional(Type.Boolean({ description: 'true: unread ones only' })),
  },
  { additionalProperties: false },
);

export const NotificationReply = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  ticket: Type.Object({ id: Type.Integer(), number: Type.Union([Type.Integer(), Type.Null()]), title: Type.String() }),
  comment: Type.Union([Type.Integer(), Type.Null()], { description: 'The client’s reply, for client_replied' }),
  created: Type.String(),
  read: Type.Union([Type.String(), Type.Null()], { description: 'When it was marked read; null while unread' }),
});

export const NotificationsPage = Type.Object({
  notifications: Type.Array(NotificationReply),
  total: Type.Integer(),
  unread: Type.Integer({ description: 'Unread notifications in all (the bell’s number)' }),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

export const MarkReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: NOTIFICATIONS_MAX_PER_PAGE, description: 'These ones' })),
    all: Type.Optional(Type.Literal(true, { description: 'Every unread one' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

const Choice = (what: string) => Type.Boolean({ description: `Whether you get a mail ${what}` });

export const PreferencesReply = Type.Object({
  mail: Type.Object({
    ticket_created: Choice('for each new ticket'),
    client_replied: Choice('when a client replies on a ticket of yours (or on an unassigned one)'),
    ticket_assigned: Choice('when someone assigns you a ticket'),
    rating_received: Choice('when a client answers "Did this solve it?" on a ticket of yours'),
    sla_warning: Choice('when a ticket of yours (or an unassigned one) is due soon'),
    sla_breached: Choice('when a ticket of yours (or an unassigned one) goes overdue'),
  }),
  chosen: Type.Array(Kind, { description: 'The events you chose yourself; the others follow the admin’s defaults' }),
  defaults: Type.Object(
    {
      ticket_created: Type.Boolean(),
      client_replied: Type.Boolean(),
      ticket_assigned: Type.Boolean(),
      rating_received: Type.Boolean(),
      sla_warning: Type.Boolean(),
      sla_breached: Type.Boolean(),
    },
    { description: 'What the admin’s settings give who chose nothing' },
  ),
});

const Change = Type.Union([Type.Boolean(), Type.Null()], { description: 'true or false; null to follow the default again' });

export const PreferencesPatch = Type.Object(
  {
    mail: Type.Object(
      {
        ticket_created: Type.Optional(Change),
        client_replied: Type.Optional(Change),
        ticket_assigned: Type.Optional(Change),
        rating_received: Type.Optional(Change),
        sla_warning: Type.Optional(Change),
        sla_breached: Type.Optional(Change),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  { additionalProperties: false },
);

export const UnreadCount = Type.Object({ unread: Type.Integer() });

/** How many were marked read, and how many stay unread. */
export const MarkedRead = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });
