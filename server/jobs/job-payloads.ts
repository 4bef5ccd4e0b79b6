import { type Static, Type } from '@sinclair/typebox';
import { MailJobPayloadSchema } from '../email/mail-job-payload.js';

const ID = Type.Integer({ minimum: 1 });

const Interval = Type.Object({ start: Type.String(), end: Type.String() });
/** A business-hours schedule as the clock counts on it (business-time.ts), kept as it was before an edit. */
const ScheduleSnapshot = Type.Object({
  timeZone: Type.String(),
  week: Type.Array(Type.Array(Interval)),
  overrides: Type.Array(Type.Object({ date: Type.String(), intervals: Type.Array(Interval) })),
});

/**
 * Every kind of job and the shape of its payload: the one list `enqueueJob` is checked against at
 * compile time and the worker checks each row against when it reads it back.
 */
export const JOB_PAYLOAD_SCHEMAS = {
  /** A ticket was filed: fan out the mails (and the auto responder's job). */
  /** `newClientId`: the filing made this client's account in its one statement (PostgreSQL), whose webhook the job sends. */
  ticket_created: Type.Object({ ticketId: ID, newClientId: Type.Optional(ID) }),
  /**
   * A reply was added: fan out the mails. `ticketId`: its ticket (absent in jobs queued by older versions).
   * `ratingRequestId`: the reply resolved the ticket and its mail to the
   * client asks "Did this solve it?" for that resolution.
   */
  comment_added: Type.Object({ ticketId: Type.Optional(ID), commentId: ID, ratingRequestId: Type.Optional(ID) }),
  /** The auto responder's bot reply to a new ticket. */
  auto_respond: Type.Object({ ticketId: ID }),
  /**
   * A service-level policy or business hours were edited: the running tickets' targets are recomputed, a batch
   * per job, the next batch queued with it (server/domain/sla/recompute-ticket-slas.ts).
   */
  sla_recompute: Type.Object({
    at: Type.String(),
    after: Type.Integer({ minimum: 0 }),
    policyIds: Type.Optional(Type.Array(ID)),
    before: Type.Optional(Type.Array(Type.Object({ policyId: ID, schedule: Type.Union([ScheduleSnapshot, Type.Null()]) }))),
  }),
  /** One mail to one recipient. */
  mail: MailJobPayloadSchema,
  /** One webhook delivery's next attempt (server/webhooks/deliver-webhook.ts); the delivery row holds what is sent. */
  webhook_delivery: Type.Object({ deliveryId: ID }),
  /**
   * Rules on a ticket's event (server/domain/rules/run-rules.ts). `marker`: the ticket's version the event made (0 for
   * the filing); `chain`: the rules whose firings led here, never run again for it (a rule never re-triggers itself);
   * `cycle`: the marker of the person's (or service level's) event that began the round, absent when this is it.
   */
  rule_run: Type.Object({
    ticketId: ID,
    trigger: Type.Union([
      Type.Literal('ticket.created'),
      Type.Literal('ticket.updated'),
      Type.Literal('client.replied'),
      Type.Literal('sla.warning'),
      Type.Literal('sla.breached'),
    ]),
    marker: Type.Integer({ minimum: 0 }),
    chain: Type.Array(ID, { maxItems: 1000 }),
    cycle: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  /** A rule's "mail someone": to an account, its words filled in when the rule fired (server/email/rule-mail.ts). */
  rule_mail: Type.Object({
    ticketId: ID,
    userId: ID,
    subject: Type.String({ maxLength: 1000 }),
    text: Type.String({ maxLength: 20_000 }),
  }),
  /** Room may have freed up (an agent back, a ticket finished or given to someone else): the waiting tickets are looked at. */
  assign_waiting: Type.Object({}),
  /** An admin's weekly report mail: the week (its Monday) claimed for them, in the zone it was claimed in. */
  weekly_report_mail: Type.Object({
    userId: ID,
    week: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  }),
  /**
   * The mail telling an admin a webhook subscription was turned off after five days of failures
   * (server/webhooks/disable-failing-subscription.ts): what it says is kept here, as the subscription may change.
   */
  webhook_disabled_mail: Type.Object({
    userId: ID,
    url: Type.String({ maxLength: 2048 }),
    failingSince: Type.String({ maxLength: 40 }),
    lastStatus: Type.Union([Type.Integer(), Type.Null()]),
    lastError: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
  }),
};

export type JobKind = keyof typeof JOB_PAYLOAD_SCHEMAS;

export type JobPayloads = { [K in JobKind]: Static<(typeof JOB_PAYLOAD_SCHEMAS)[K]> };

export function isJobKind(kind: string): kind is JobKind {
  return Object.hasOwn(JOB_PAYLOAD_SCHEMAS, kind);
}
