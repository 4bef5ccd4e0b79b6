import { type Static, Type } from '@sinclair/typebox';
import { TICKET_FIELD_LIMITS as L } from '../../../../common/limits.js';
import { Label, problemResponses } from '../shared.schema.js';

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
  website: Type.Optional(Type.String({ maxLength: 500, description: "The widget's hidden honeypot field: leave it empty." })),
  fill_ms: Type.Optional(
    Type.Integer({ minimum: 0, description: "Milliseconds the widget's form was open before sending; too short is refused as automated." }),
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
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: CreateTicketBody,
  headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: L.idempotency_key })) }),
  response: {
    201: CreatedTicketReply,
    200: { ...CreatedTicketReply, description: 'Replay of an earlier submission with the same idempotency key' },
    202: ReceivedReply,
    ...problemResponses(400, 401, 403, 413, 415, 429, 503),
  },
};
