import { type Static, Type } from '@sinclair/typebox';
import {
  BULK_TICKETS_MAX,
  COMMENT_SPLIT_MAX,
  TICKET_FIELD_LIMITS as L,
  MERGE_TICKETS_MAX,
  SLUG_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  TAGS_PER_TICKET_MAX,
} from '../../../../common/limits.js';
import { ExpectedVersion, Label, problemResponses, TicketEventSchema } from '../shared.schema.js';
import { TicketSlaSchema } from '../sla-policies/sla-policies.schema.js';

const TermId = (what: string) => Type.Optional(Type.Integer({ minimum: 1, description: `Id of a ${what}; optional.` }));

// Unknown fields are allowed and ignored, so a form with extra inputs still files its ticket; only the
// fields named here are ever read.
export const CreateTicketBody = Type.Object({
  name: Label(L.name),
  email: Type.String({
    format: 'email',
    maxLength: L.email,
    description:
      'Resolves to an existing account or creates one. One plain address (see ' +
      'docs/SECURITY.md): no display name, comment, quotes or list; ASCII ' +
      'only.',
  }),
  subject: Label(L.subject),
  description: Type.String({ minLength: 1, maxLength: L.description, pattern: '\\S', format: 'multi-line' }),
  product: TermId('product (GET /tickets/products/)'),
  reason: TermId('reason (GET /tickets/reasons/)'),
  urgency: TermId('urgency (GET /tickets/urgencies/)'),
  order_id: Type.Optional(
    Type.String({ maxLength: L.order_id, format: 'single-line', description: "Stored as the ticket's `order` meta." }),
  ),
  idempotency_key: Type.Optional(
    Type.String({
      minLength: 8,
      maxLength: L.idempotency_key,
      description: 'Same key and email → the same ticket (also accepted as the Idempotency-Key header).',
    }),
  ),
  language: Type.Optional(
    Type.String({
      maxLength: 35,
      description:
        'The client’s language (a BCP 47 tag: `de`, `de-AT`; the widget sends the one it shows). A new client account ' +
        'keeps it for its mails and pages; without it, the request’s Accept-Language decides. A language not shipped is ' +
        'stored as none; an existing account keeps its own.',
    }),
  ),
  website: Type.Optional(Type.String({ maxLength: 500, description: "The widget's hidden honeypot field: leave it empty." })),
  widget_session: Type.Optional(
    Type.String({
      minLength: 16,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        "The widget's page-session id (as sent to POST /widget-events): the docs it showed and opened are listed on the ticket for agents.",
    }),
  ),
  fill_ms: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "Milliseconds from opening the widget's form to pressing Send (before any upload); under the minimum fill time it is refused.",
    }),
  ),
  identity_token: Type.Optional(
    Type.String({
      maxLength: 4096,
      description:
        'A signed-in visitor: a JWT the site’s server signed with HS256 and the identity secret (Settings → Tickets → Signed-in ' +
        'visitors), claims `email`, `name`, `exp` (at most a day ahead), optional `iat` and `external_id`. The ticket is filed ' +
        'as that client (its `name` and `email` replace the fields) and answered 201 even with the privacy option on. A bad ' +
        'token is a 403 IDENTITY_REFUSED and nothing is filed; without one, a 403 IDENTITY_REQUIRED when Settings require it.',
    }),
  ),
  user_id: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Agents and admins only: the account to file for. Ignored for anonymous callers.' }),
  ),
  author: Type.Optional(Type.Integer({ minimum: 1, description: 'Alias of user_id. Ignored for anonymous callers.' })),
  status: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Agents and admins only: initial status term id. Ignored for anonymous callers.' }),
  ),
});
export type CreateTicketBody = Static<typeof CreateTicketBody>;

export const CreatedTicketReply = Type.Object({
  id: Type.Integer({ description: 'The key of the ticket routes (`/tickets/{id}`)' }),
  number: Type.Integer({ description: 'The ticket number people read (#1 is the first ticket of the site)' }),
  status: Type.String(),
});

/** The one answer to every anonymous submission while "Don't reveal whether an email has an account" is on. */
export const ReceivedReply = Type.Object(
  { received: Type.Literal(true) },
  {
    description:
      'Privacy option on: the submission was received; whether a ticket was filed or the address was mailed how to get access is not said',
  },
);
export const RECEIVED: Static<typeof ReceivedReply> = { received: true };

export const createTicketSchema = {
  summary: "File a ticket (the widget's route; anonymous, cross-origin)",
  tags: ['tickets'],
  consumes: ['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data'],
  body: CreateTicketBody,
  headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: L.idempotency_key })) }),
  response: {
    201: CreatedTicketReply,
    200: { ...CreatedTicketReply, description: 'Replay of an earlier submission with the same idempotency key' },
    202: ReceivedReply,
    ...problemResponses(400, 401, 403, 413, 415, 429, 503),
  },
};

// The reads and changes: the inbox, one ticket with its thread, and the fields staff change.
const Nullable = <T extends ReturnType<typeof Type.Object>>(schema: T) => Type.Union([schema, Type.Null()]);
const TermRef = Nullable(Type.Object({ slug: Type.String(), name: Type.String() }));
const Slug = Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });
// Reasons and urgencies are named by id, as when filing a ticket; the slug is still understood (an
// all-digit value is read as an id).
const TermKey = (lookup: string) => Type.Union([Type.Integer({ minimum: 1 }), Slug], { description: `An id from ${lookup}, or its slug` });

/** A tag: a free label with a colour (agents make one by typing a new name). */
export const TagSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  color: Type.String({ description: 'The chip colour, `#rrggbb`' }),
});
const TagName = Type.String({ minLength: 1, maxLength: TAG_NAME_MAX_LENGTH, pattern: '\\S', format: 'single-line' });

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
  tags: Type.Array(TagSchema, { description: 'Agents: the ticket’s tags, by name; empty for clients' }),
  unread: Type.Boolean({ description: 'Agents: changed by someone else since you last opened it' }),
  sla_due_at: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'Agents: the next due time, the earliest of its running service-level targets (ISO 8601); null when none runs ' +
        '(paused, met, Resolved or Closed, or no policy applies). Not in a client’s list',
    }),
  ),
  snippet: Type.Optional(
    Type.Union([Type.Array(Type.Object({ text: Type.String(), match: Type.Boolean({ description: 'A searched word' }) })), Type.Null()], {
      description:
        'Agents, with a search only: where its words are in the newest matching message or note, else the description; ' +
        'plain text in parts (markup in the text is text), null when the match is elsewhere (subject, client, order ID, field)',
    }),
  ),
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
    organisation: Type.Optional(Type.Integer({ minimum: 1, description: 'An organisation’s id: its clients’ tickets' })),
    tag: Type.Optional(TermKey('GET /tags/')),
    view: Type.Optional(
      Type.Union(
        [Type.Literal('mine'), Type.Literal('unassigned'), Type.Literal('needs-reply'), Type.Literal('overdue'), Type.Literal('due-soon')],
        {
          description:
            'mine: assigned to you; unassigned; needs-reply: the client spoke last and it is not Resolved or Closed; ' +
            'overdue: the next due time (`sla_due_at`) is now or past; due-soon: it is after now and at most 1 hour ahead. ' +
            'The last two are in due order, earliest first',
        },
      ),
    ),
    sort: Type.Optional(
      Type.Union([Type.Literal('activity'), Type.Literal('due')], {
        description:
          'activity (default): latest activity first; due: the earliest next due time first, then the tickets without one ' +
          'by latest activity. A search is in its own order (best matches first)',
      }),
    ),
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

export const ViewCountsReply = Type.Object(
  {
    mine: Type.Integer({ description: 'Assigned to you' }),
    unassigned: Type.Integer(),
    needs_reply: Type.Integer({ description: 'The client spoke last, and the ticket is not Resolved or Closed' }),
    unread: Type.Integer({ description: 'Your tickets changed by someone else since you last opened them' }),
    overdue: Type.Integer({ description: 'The next due time is now or past (counted at the request’s time)' }),
    due_soon: Type.Integer({ description: 'The next due time is after now and at most 1 hour ahead' }),
  },
  { description: 'Tickets in each view of the inbox (`GET /tickets/?view=`), whatever the other filters' },
);

const AttachmentSchema = Type.Object({
  id: Type.String({ description: 'The file’s public id (random; not a row id)' }),
  name: Type.String({ description: 'The sent name, cleaned (no folders or control characters, at most 200 characters)' }),
  size: Type.Integer({ description: 'Bytes' }),
  type: Type.String({ description: 'The media type decided from the content' }),
  url: Type.String({ description: 'GET it (signed in as who may read it): `/api/helpdesk/v1/files/{id}`' }),
  thumbnail_url: Type.Union([Type.String(), Type.Null()], {
    description: 'Raster images: a WebP at most 320 px a side, `/api/helpdesk/v1/files/{id}/thumbnail`; null for other files',
  }),
  removed: Type.Union([Type.String(), Type.Null()], {
    description:
      'Set when the purge of closed tickets’ files deleted it, in words ("file removed 30 days after the ticket was closed"); ' +
      'the url then answers 404',
  }),
});
const Attachments = (of: string) => Type.Array(AttachmentSchema, { description: `The files sent with ${of}, in order` });

const CommentSchema = Type.Object({
  id: Type.Integer(),
  role: Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('bot')]),
  author: Type.String(),
  text: Type.String(),
  internal: Type.Boolean(),
  created: Type.String(),
  attachments: Attachments('this comment'),
});

const LinkedTicket = Type.Object({ id: Type.Integer(), number: Type.Integer({ description: 'The number people read (#12)' }) });

export const TicketLinksSchema = Type.Object(
  {
    merged_into: Type.Union([LinkedTicket, Type.Null()], {
      description: 'The ticket this one was merged into: its messages and files are there now; follow it',
    }),
    merged_from: Type.Array(LinkedTicket, { description: 'Agents: the tickets merged into this one' }),
    split_from: Type.Union([LinkedTicket, Type.Null()], { description: 'Agents: the ticket whose messages this one was made from' }),
    split_into: Type.Array(LinkedTicket, { description: 'Agents: the tickets made from messages of this one' }),
  },
  { description: 'Merges and splits; a client sees only `merged_into`, and only when that ticket is theirs too' },
);

export const TicketReply = Type.Object({
  ...InboxTicketSchema.properties,
  description: Type.String(),
  attachments: Attachments('the description'),
  meta: Type.Record(Type.String(), Type.String(), { description: 'order and custom_* fields (agents only)' }),
  meta_labels: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description:
        'Agents: for each key of `meta`, the label the owner gives its field in Tickets → Form fields now ' +
        '(a name made from the key when the field was removed since)',
    }),
  ),
  comments: Type.Array(CommentSchema),
  other_tickets: Type.Array(InboxTicketSchema),
  version: Type.Optional(
    Type.Integer({
      description: 'Agents: raised by every change; send it back (If-Match or `version`) to be told of a colleague’s change',
    }),
  ),
  events: Type.Optional(Type.Array(Type.Ref(TicketEventSchema), { description: 'Agents: the activity log, oldest first' })),
  ratings: Type.Optional(
    Type.Array(
      Type.Object({
        rating: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
        comment: Type.String({ description: 'What the client added; empty when nothing' }),
        created: Type.String(),
      }),
      { description: 'Agents: the client’s answers to "Did this solve it?", oldest first' },
    ),
  ),
  sla: Type.Optional(TicketSlaSchema),
  links: Type.Optional(TicketLinksSchema),
});

export const TicketPatch = Type.Object(
  {
    status: Type.Optional(Slug),
    reason: Type.Optional(Type.Union([TermKey('GET /tickets/reasons/'), Type.Null()])),
    urgency: Type.Optional(Type.Union([TermKey('GET /tickets/urgencies/'), Type.Null()])),
    product: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    assignee: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    tags: Type.Optional(
      Type.Array(TagName, {
        maxItems: TAGS_PER_TICKET_MAX,
        description: 'Every tag the ticket has, by name; a new name makes a new tag. The change of each tag is logged',
      }),
    ),
    version: Type.Optional(ExpectedVersion),
  },
  { additionalProperties: false, minProperties: 1 },
);

const BulkAssignee = Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('me'), Type.Null()], {
  description: 'An agent or admin id, or "me" for the signed-in agent; null unassigns',
});

const BulkTagNames = (what: string) =>
  Type.Array(TagName, { minItems: 1, maxItems: TAGS_PER_TICKET_MAX, description: `Tags to ${what} each ticket, by name` });

export const BulkChanges = Type.Object(
  {
    status: Type.Optional(Slug),
    assignee: Type.Optional(BulkAssignee),
    product: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    reason: Type.Optional(Type.Union([TermKey('GET /tickets/reasons/'), Type.Null()])),
    urgency: Type.Optional(Type.Union([TermKey('GET /tickets/urgencies/'), Type.Null()])),
    add_tags: Type.Optional(BulkTagNames('add to')),
    remove_tags: Type.Optional(BulkTagNames('remove from')),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'Any of these together: each ticket gets them all in one version, one activity entry and one live event',
  },
);

export const BulkBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: BULK_TICKETS_MAX, description: 'The tickets to change' }),
    changes: Type.Optional(BulkChanges),
    status: Type.Optional(Slug),
    assignee: Type.Optional(BulkAssignee),
    add_tag: Type.Optional(TagName),
    remove_tag: Type.Optional(TagName),
  },
  {
    additionalProperties: false,
    description:
      'The changes, in `changes`; or the older shape, fields beside `ids` (status, assignee, add_tag, remove_tag), ' +
      'never both in one request',
  },
);

export const BulkReply = Type.Object({
  changed: Type.Array(Type.Object({ id: Type.Integer(), version: Type.Integer() }), {
    description: 'Tickets the change took effect on, with their new versions',
  }),
  unchanged: Type.Array(Type.Integer(), { description: 'Tickets that already had it; nothing was recorded for them' }),
});

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

/** GET /tickets/by-number/{number}: the number people read. */
export const TicketNumberParams = Type.Object({
  number: Type.Integer({ minimum: 1, description: 'The ticket number (12 for ticket #12)' }),
});

/** POST /tickets/{id}/merge: the ticket in the path stays. */
export const MergeBody = Type.Object(
  {
    source_ids: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: MERGE_TICKETS_MAX,
      description: 'The tickets merged into this one (ids): their messages, notes and files move here, and each is closed',
    }),
    confirm_different_clients: Type.Optional(
      Type.Boolean({
        description: 'Needed (true) when a ticket belongs to another client than this one; without it such a merge is a 409 CONFLICT',
      }),
    ),
  },
  { additionalProperties: false },
);

const MovedTicket = Type.Object({ id: Type.Integer(), number: Type.Integer(), version: Type.Integer() });

export const MergeReply = Type.Object({
  ticket: Type.Object({ ...MovedTicket.properties }, { description: 'The ticket that stayed, with its new version' }),
  merged: Type.Array(MovedTicket, { description: 'The tickets merged into it, now closed, with their new versions' }),
  moved_messages: Type.Integer({ description: 'Messages (descriptions, replies and notes) that moved' }),
  moved_files: Type.Integer({ description: 'Files that moved with them' }),
});

/** POST /tickets/{id}/split. */
export const SplitBody = Type.Object(
  {
    comment_ids: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: COMMENT_SPLIT_MAX,
      description: 'The replies and notes that move (not copied) to the new ticket, with their files; the first message stays',
    }),
    client_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The new ticket’s client; this ticket’s when absent' })),
    client_email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: L.email,
        description: 'The new ticket’s client by the email of their account, instead of client_id',
      }),
    ),
    subject: Type.Optional(
      Type.String({ minLength: 1, maxLength: L.subject, description: 'The new ticket’s subject; this ticket’s when absent' }),
    ),
  },
  { additionalProperties: false },
);

export const SplitReply = Type.Object({
  ticket: Type.Object({ ...MovedTicket.properties }, { description: 'The new ticket' }),
  original: Type.Object({ ...MovedTicket.properties }, { description: 'This ticket, with its new version' }),
  moved_files: Type.Integer(),
});
