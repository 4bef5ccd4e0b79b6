import { Type } from '@fastify/type-provider-typebox';
import { COMMENT_TEXT_MAX, SLUG_MAX_LENGTH } from '../../../../common/limits.js';

const Nullable = <T extends ReturnType<typeof Type.Object>>(schema: T) => Type.Union([schema, Type.Null()]);
const TermRef = Nullable(Type.Object({ slug: Type.String(), name: Type.String() }));
const Slug = Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });
// Reasons and urgencies are named by id, as when filing a ticket; the slug is still understood (an
// all-digit value is read as an id).
const TermKey = (lookup: string) => Type.Union([Type.Integer({ minimum: 1 }), Slug], { description: `An id from ${lookup}, or its slug` });

export const InboxTicketSchema = Type.Object({
  number: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The ticket number people read (#1, #2, …); `id` is the key of routes',
  }),
  id: Type.Integer(),
  title: Type.String(),
  status: TermRef,
  reason: TermRef,
  urgency: TermRef,
  product: Type.Union([Type.Integer(), Type.Null()]),
  client: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() })),
  assignee: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created: Type.String(),
  modified: Type.String(),
});

export const InboxQuery = Type.Object(
  {
    status: Type.Optional(Slug),
    product: Type.Optional(Type.Integer({ minimum: 1 })),
    reason: Type.Optional(TermKey('GET /tickets/reasons/')),
    urgency: Type.Optional(TermKey('GET /tickets/urgencies/')),
    assignee: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('me'), Type.Integer({ minimum: 1 })], { description: 'A user id, "me" or "none"' }),
    ),
    client: Type.Optional(Type.Integer({ minimum: 1 })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  { additionalProperties: false },
);

export const InboxReply = Type.Object({
  tickets: Type.Array(InboxTicketSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer(), { description: 'Tickets per status slug, under every filter but the status' }),
});

const CommentSchema = Type.Object({
  id: Type.Integer(),
  role: Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('bot')]),
  author: Type.String(),
  text: Type.String(),
  internal: Type.Boolean(),
  created: Type.String(),
});

export const TicketReply = Type.Object({
  ...InboxTicketSchema.properties,
  description: Type.String(),
  meta: Type.Record(Type.String(), Type.String(), { description: 'order and custom_* fields (agents only)' }),
  comments: Type.Array(CommentSchema),
  other_tickets: Type.Array(InboxTicketSchema),
});

export const TicketPatch = Type.Object(
  {
    status: Type.Optional(Slug),
    reason: Type.Optional(Type.Union([TermKey('GET /tickets/reasons/'), Type.Null()])),
    urgency: Type.Optional(Type.Union([TermKey('GET /tickets/urgencies/'), Type.Null()])),
    product: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    assignee: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const CommentBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: COMMENT_TEXT_MAX, format: 'multi-line' }),
    internal: Type.Optional(Type.Boolean({ description: 'An internal note: agents only, never shown or mailed to the client' })),
  },
  { additionalProperties: false },
);

export const CommentReply = Type.Object({ id: Type.Integer(), moved_to: Type.Union([Type.String(), Type.Null()]) });

export const SuggestReplyReply = Type.Object({
  draft: Type.String({ description: 'Text for the agent to edit; nothing has been sent.' }),
  docs: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
  answered: Type.Boolean({ description: 'False when the AI backend gave no answer: the draft only lists the docs.' }),
  failure: Type.Optional(
    Type.String({
      description: 'Why the backend gave no answer: not_configured, timeout, unreachable, rate_limited, http_error, bad_response.',
    }),
  ),
});
