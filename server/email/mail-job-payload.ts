import { type Static, Type } from '@sinclair/typebox';
import { MAIL_TEMPLATES, type MailTemplateName } from '../settings/emails-tab.js';

const ID = Type.Integer({ minimum: 1 });
const LANGUAGE = Type.Optional(Type.String({ maxLength: 16 }));
// Mails to an account; the access and confirmation mails go to a bare address and have their own shapes.
const ACCOUNT_TEMPLATES = (Object.keys(MAIL_TEMPLATES) as MailTemplateName[]).filter(
  (name) => name !== 'client_access_request' && name !== 'client_confirm_address',
) as Array<Exclude<MailTemplateName, 'client_access_request' | 'client_confirm_address'>>;

/**
 * One message to one recipient; rendered when it is sent, so a fresh link is made per attempt. The
 * recipient is an account (`userId`), or for the access mail only, a bare address that has none.
 * A schema rather than a bare type: the worker checks each payload it reads back against it.
 */
export const MailJobPayloadSchema = Type.Union([
  Type.Object({
    template: Type.Union(ACCOUNT_TEMPLATES.map((name) => Type.Literal(name))),
    userId: ID,
    ticketId: Type.Union([ID, Type.Null()]),
    commentId: Type.Optional(ID),
    /** The client's answer that an agent is told of (agent_rating_received). */
    ratingId: Type.Optional(ID),
    /**
     * The resolution (rating_requests.id) whose "Did this solve it?" links the mail carries: the
     * client_ticket_resolved mail, or the client_agent_reply of a reply that resolved the ticket.
     */
    ratingRequestId: Type.Optional(ID),
    /** agent_tickets_assigned: the tickets a bulk change gave the recipient (ticketId is null). */
    ticketIds: Type.Optional(Type.Array(ID, { maxItems: 500 })),
    /** agent_sla_warning and agent_sla_breached: the target and the time it is (was) due. */
    sla: Type.Optional(
      Type.Object({
        metric: Type.Union([Type.Literal('first_reply'), Type.Literal('next_reply'), Type.Literal('resolution')]),
        dueAt: Type.String({ maxLength: 40 }),
      }),
    ),
  }),
  // An address with no account: `language`, the page's that asked (else the site's is used).
  Type.Object({ template: Type.Literal('client_access_request'), email: Type.String(), ticketId: Type.Null(), language: LANGUAGE }),
  // A sign-up waiting for proof of its address: no account yet, only the address and the name typed.
  Type.Object({
    template: Type.Literal('client_confirm_address'),
    email: Type.String(),
    name: Type.String(),
    ticketId: Type.Null(),
    language: LANGUAGE,
  }),
]);

export type MailJobPayload = Static<typeof MailJobPayloadSchema>;
