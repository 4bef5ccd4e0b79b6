import type { AppError } from '../../errors.js';
import type { CounterStore } from '../../intake/counter-store.js';
import { checkClientWrite } from '../../intake/guard-client-writes.js';
import { type IntakeAttempt, type IntakeLimit, refuseOverLimit, screenIntake } from '../../intake/guard-intake.js';
import { countAlone, type LimitsToCount } from '../../intake/limits-to-count.js';
import { mayFileForOthers } from '../../policies/ticket-policy.js';
import type { Actor, DomainContext } from '../context.js';
import { registrationClosed } from '../people/find-or-create-client.js';
import { isAccountExistenceHidden, mailAccessInstructions } from '../people/mail-access-instructions.js';
import type { SlaChannel } from '../sla/sla-policy.js';
import { type CreatedTicket, type CreateTicketInput, createTicketUnlessClosed } from './create-ticket.js';

/** One way of filing a ticket; each has its own limits and answers. */
export type FilingChannel =
  /** The widget and `POST /tickets/`: anonymous callers, clients with a token, staff filing for clients. */
  | {
      via: 'api';
      actor: Actor | null;
      honeypot?: string;
      fillMs?: number;
      /** The site vouched for the name and email (a valid identity token, server/identity/): no privacy answer. */
      verified?: boolean;
    }
  /** The help site's new-ticket form: always a signed-in person, filing for themselves as a client. */
  | { via: 'site'; userId: number }
  /**
   * A mail to the support address (server/mail-inbound/): no one signed in, the sender's address is the
   * account; it passes the intake guard as the widget does, counted per sender and per sending server
   * (`server`, see sending-server.ts). Never the privacy option's access mail: an answer to a forged
   * sender would be backscatter.
   */
  | { via: 'mail'; server: { key: string; kind: 'server' | 'domain'; name: string } };

export interface TicketFiling {
  channel: FilingChannel;
  /** The requester's address, for the per-address limits. */
  ip: string;
  ticket: CreateTicketInput;
}

/**
 * What came of a filing. Callers map it to their answer: created 201, duplicate 200 (an idempotency
 * key replayed an earlier submission), received 202 (the privacy option's one answer), refused 403 (no
 * account and none may be created), limited (429 over a limit, or the problem the intake switch or
 * the automation checks give: its status and headers are in `problem`).
 */
export type FileTicketResult =
  | { kind: 'created'; ticket: CreatedTicket }
  | { kind: 'duplicate'; ticket: CreatedTicket }
  | { kind: 'received' }
  | { kind: 'refused'; problem: AppError }
  | { kind: 'limited'; problem: AppError };

/**
 * Files a ticket however it came (widget, API, help-site form, mail): the intake protection
 * for anonymous submissions and the limits of signed-in clients (staff are never limited), the
 * account gate, idempotency, and the privacy answer. Invalid input still throws the field's problem.
 */
export async function fileTicket(ctx: DomainContext, counters: CounterStore, filing: TicketFiling): Promise<FileTicketResult> {
  const { channel, ip, ticket } = filing;
  // On the help site everyone files their own tickets as the client.
  const actor: Actor | null =
    channel.via === 'site' ? { id: channel.userId, role: 'client' } : channel.via === 'api' ? channel.actor : null;
  const staff = mayFileForOthers(actor);

  // Everyone but staff passes the one intake guard on the API and by mail (mail has no actor: its From
  // proves nothing, so it is screened as anonymous, with keys of its own); a signed-in client is counted
  // per account and address as well, on the API and the help site.
  const clientLimited = actor !== null && !staff && channel.via !== 'mail';
  let intake: LimitsToCount | undefined;
  let limits: IntakeLimit[] = [];
  if ((channel.via === 'api' && !staff) || channel.via === 'mail') {
    const attempt: IntakeAttempt =
      channel.via === 'mail'
        ? { via: 'mail', email: ticket.email, server: channel.server }
        : { ip, email: ticket.email, honeypot: channel.honeypot, fillMs: channel.fillMs };
    const screened = await screenIntake(ctx, counters, attempt);
    if (screened.refusal) return { kind: 'limited', problem: screened.refusal };
    limits = screened.limits;
    intake = { counters, limits };
    // The client's own limits come after the intake's, so those are counted first, alone; an anonymous
    // submission's are counted by the filing (on PostgreSQL in its one statement).
    if (clientLimited) {
      const over = await countAlone(intake);
      if (over) return { kind: 'limited', problem: await refuseOverLimit(counters, over.exceeded, limits) };
      intake = undefined;
    }
  }
  if (clientLimited) {
    const refusal = await checkClientWrite(ctx, counters, { kind: 'ticket', userId: actor.id, ip, via: channel.via });
    if (refusal) return { kind: 'limited', problem: refusal };
  }

  // With the privacy option every success on the API is the same 202, so no answer tells a filed
  // ticket (an account exists) from an access mail (none does). The help site's person is signed in.
  // A visitor the site signed in needs no such cover: the site already told them who they are, so they get their number.
  const hideAccounts = channel.via === 'api' && !staff && !channel.verified && (await isAccountExistenceHidden(ctx));
  // Rule 1 of spec §4.3: nobody but staff chooses the account or the status. The help site files
  // with no actor, as the account of the signed-in person's email.
  const input: CreateTicketInput = {
    ...(staff ? ticket : { ...ticket, userId: undefined, status: undefined }),
    channel: slaChannel(channel),
  };
  const created = await createTicketUnlessClosed(ctx, input, channel.via === 'api' ? actor : null, intake);
  if (created !== 'registration_closed' && 'exceeded' in created) {
    return { kind: 'limited', problem: await refuseOverLimit(counters, created.exceeded, limits) };
  }
  if (created === 'registration_closed') {
    if (!hideAccounts) return { kind: 'refused', problem: registrationClosed() };
    await mailAccessInstructions(ctx, ticket.email);
    return { kind: 'received' };
  }
  if (hideAccounts) return { kind: 'received' };
  return created.isNew ? { kind: 'created', ticket: created } : { kind: 'duplicate', ticket: created };
}

/** The channel a service-level policy can ask for: the widget is the API with its fill time. */
function slaChannel(channel: FilingChannel): SlaChannel {
  if (channel.via !== 'api') return channel.via;
  return channel.fillMs !== undefined ? 'widget' : 'api';
}
