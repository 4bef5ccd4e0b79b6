import { Type } from '@sinclair/typebox';
import { LABEL_MAX_LENGTH } from '../../../common/limits.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** One change to a ticket: a reply, a note, or a field from one value to another, with who and when. */
export const TicketEventSchema = Type.Object(
  {
    version: Type.Integer({ description: 'The ticket version this change produced' }),
    kind: Type.Union(
      [
        Type.Literal('reply'),
        Type.Literal('note'),
        Type.Literal('field'),
        Type.Literal('rating'),
        Type.Literal('sla'),
        Type.Literal('rule'),
        Type.Literal('link'),
        Type.Literal('participant'),
      ],
      {
        description:
          'rating: the client answered the resolved mail; `to` is yes or no. sla: a service-level target (`field`) is ' +
          'due soon (`to`: warning) or went overdue (`to`: breached); `from` is its due time. rule: a rule (`to`: its name) ' +
          'fired; the changes it made follow under the same version. link: the ticket was merged or split (`field` ' +
          'merged_into, merged_from, split_into or split_from; `to` the other ticket, `#12`). participant: someone was ' +
          'copied in or became a follower (`field` cc or follower; `to` who was added, `from` who was taken off, by name; ' +
          'automatic when copied in from a mail)',
      },
    ),
    field: Type.Union([Type.String(), Type.Null()], {
      description:
        'status, assignee, product, reason, urgency or tag (from: a removed tag, to: an added one); ' +
        'for sla: first_reply, next_reply or resolution; for participant: cc or follower',
    }),
    from: Nullable(Type.String()),
    to: Nullable(Type.String()),
    comment: Type.Union([Type.Integer(), Type.Null()], { description: 'The reply or note, for kind reply and note' }),
    automatic: Type.Boolean({ description: 'Made by the helpdesk (a status moved by a reply), not chosen by a person' }),
    by: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
    person_id: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'For participant: the account added or taken off (`by.id` the same: they followed or stopped following ' +
        'themselves); null for the other kinds and for entries recorded before 2026-12-04',
    }),
    created: Type.String(),
  },
  { $id: 'TicketEvent' },
);

/** The problem+json body every error response has (RFC 9457). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'Stable UPPER_SNAKE error code.' }),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), pointer: Type.String(), detail: Type.String() }))),
    current_version: Type.Optional(Type.Integer({ description: 'TICKET_CHANGED, PRECONDITION_FAILED: the ticket version now' })),
    changes: Type.Optional(
      Type.Array(Type.Ref(TicketEventSchema), { description: 'TICKET_CHANGED, PRECONDITION_FAILED: what changed since your version' }),
    ),
    attachment: Type.Optional(
      Type.Object(
        { index: Type.Integer({ description: 'Its position among the message’s files, from 0' }), name: Type.String() },
        { description: 'A refused file (413, 415, …): which one, so a form can mark it' },
      ),
    ),
    request_id: Type.Optional(
      Type.String({ description: 'The request’s id, as in its X-Request-Id header and our logs: quote it when reporting a problem' }),
    ),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

export const problemResponses = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, Type.Ref(ProblemSchema)]));

/** The ticket version a change is made against (the alternative to If-Match). */
export const ExpectedVersion = Type.Integer({
  minimum: 1,
  description: 'The ticket version you saw (GET /tickets/{id}); if it changed since, 409 TICKET_CHANGED and nothing is saved',
});

/** The If-Match request header of a reply or change: the ETag of GET /tickets/{id}. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'The ETag of GET /tickets/{id}, compared strongly (RFC 9110): if the ticket is at none of the versions named, ' +
        '412 PRECONDITION_FAILED and nothing is saved; a weak tag names no version; `*` is any',
    }),
  ),
});

/** The If-None-Match request header of GET /tickets/{id}: the ETag the agent's copy has. */
export const IfNoneMatchHeaders = Type.Object({
  'if-none-match': Type.Optional(
    Type.String({ maxLength: 200, description: 'The ETag of your copy of the ticket (staff); while it is current, 304 and no body' }),
  ),
});

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** A label shown to people: one line, not blank, bounded. */
export const Label = (maxLength = LABEL_MAX_LENGTH) => Type.String({ minLength: 1, maxLength, pattern: '\\S', format: 'single-line' });

/** A doc, product or page as the management routes return it (see presentPost). */
export const PostReply = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  status: Type.String(),
  title: Type.String(),
  content: Type.String(),
  slug: Type.String(),
  product: Type.Union([Type.Integer(), Type.Null()]),
  menu_order: Type.Integer(),
  created: Type.String(),
  modified: Type.String(),
});
