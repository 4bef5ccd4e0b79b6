import { AUTO_RESPOND_JOB, autoRespond, isAutoResponderEnabled } from '../ai/auto-respond.js';
import type { Config } from '../config/config-types.js';
import { assignNewTicket, assignWaitingTickets } from '../domain/assignment/assign-waiting-tickets.js';
import type { DomainContext } from '../domain/context.js';
import { announceNotifications } from '../domain/notifications/add-notifications.js';
import { defaultMailPreferences } from '../domain/notifications/notification-preferences.js';
import { runRules } from '../domain/rules/run-rules.js';
import { recomputeTicketSlas, SLA_RECOMPUTE_JOB } from '../domain/sla/recompute-ticket-slas.js';
import type { MailTransport } from '../email/create-transport.js';
import { buildMail, fanOutCommentAdded, fanOutTicketCreated, type MailAllowance } from '../email/mail-jobs.js';
import { isVisitorTriggeredMail, takeMailAllowance } from '../email/mail-throttle.js';
import { RATING_WAIT_MS, ratingWaitsForReply } from '../email/rating-waits-for-reply.js';
import { buildRuleMail } from '../email/rule-mail.js';
import { recordSentMail } from '../email/ticket-thread.js';
import { buildWebhookDisabledMail } from '../email/webhook-disabled-mail.js';
import { buildWeeklyReportMail } from '../email/weekly-report-mail.js';
import type { CounterStore } from '../intake/counter-store.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { type DeliverOptions, deliverWebhook } from '../webhooks/deliver-webhook.js';
import { enabledSubscriptions, queueClientCreated, queueWebhookEvent } from '../webhooks/queue-webhook-event.js';
import { ticketWebhookData } from '../webhooks/ticket-webhook-data.js';
import type { JobKind, JobPayloads } from './job-payloads.js';
import { completeJob, enqueueJob, type JobRow, retryJob, skipJob } from './queue.js';
import { queueRuleRun } from './queue-rule-run.js';

export interface JobHandlerDeps {
  ctx: DomainContext;
  config: Config;
  transport: MailTransport;
  log: { info(message: string): void; warn(message: string): void };
  counters: CounterStore;
  /** How webhook deliveries wait between attempts (tests: at once). */
  webhooks?: DeliverOptions;
}

/**
 * Runs one job of kind K with its checked payload and settles it, or answers SENT to have the worker settle it
 * as done with the rest of its batch's sent mails (one statement for them all); a throw means "retry or fail".
 */
export type JobHandler<K extends JobKind> = (job: JobRow, payload: JobPayloads[K]) => Promise<void | typeof SENT>;

/** A mail job finished (handed to the transport, or nothing left to send): settled with its batch's (see JobHandler). */
export const SENT = 'sent';

/** One handler per job kind: a kind without one does not compile. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

export function createJobHandlers({ ctx, config, transport, log, counters, webhooks }: JobHandlerDeps): JobHandlers {
  return {
    async ticket_created(job, { ticketId, newClientId }) {
      // Fair assignment first, in a transaction of its own (nothing read while its mode is off): the assignee is told
      // as any assignee is. Should it fail, the ticket is only unassigned, and the job goes on to its mails.
      await assignNewTicket(ctx, ticketId).catch((error: unknown) =>
        log.warn(`Fair assignment of ticket ${ticketId} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
      // The responder runs as its own job: the AI call never holds up intake or this fan-out.
      const [respond, settings] = await Promise.all([isAutoResponderEnabled(ctx), getCoreSettings(ctx)]);
      // Through the transaction runner: on SQLite the fan-out shares the intake's group commit rather
      // than paying an fsync of its own on the event loop for every ticket.
      const added = await ctx.transactions.run(async (trx) => {
        const notified = await fanOutTicketCreated(trx, ticketId, { mailDefaults: defaultMailPreferences(settings) });
        if (respond) await enqueueJob(trx, AUTO_RESPOND_JOB, { ticketId });
        // This job is the filing's outbox row (written with the ticket, in one statement on PostgreSQL): its
        // webhook deliveries are queued here, once, with the job's settling.
        // One read of the subscriptions for both events; none subscribed (the usual case), nothing more is read.
        const subscriptions = await enabledSubscriptions(trx);
        if (newClientId !== undefined) await queueClientCreated(trx, newClientId, subscriptions);
        const ticket = subscriptions.some((s) => s.events.includes('ticket.created')) ? await ticketWebhookData(trx, ticketId) : null;
        if (ticket) await queueWebhookEvent(trx, 'ticket.created', { ticket }, new Date(ticket.created), subscriptions);
        // The rules on a filing: this job is its outbox row, so their job is queued here (marker 0: the filing).
        await queueRuleRun(trx, { ticketId, trigger: 'ticket.created', marker: 0, chain: [] });
        await completeJob(trx, job);
        return notified;
      });
      announceNotifications(ctx.live, added);
    },

    async comment_added(job, { commentId, ratingRequestId }) {
      const settings = await getCoreSettings(ctx);
      const added = await ctx.transactions.run(async (trx) => {
        const notified = await fanOutCommentAdded(trx, commentId, { mailDefaults: defaultMailPreferences(settings) }, ratingRequestId);
        await completeJob(trx, job);
        return notified;
      });
      announceNotifications(ctx.live, added);
    },

    async auto_respond(job, { ticketId }) {
      const result = await autoRespond(ctx, config, ticketId);
      if (result.aiFailure && result.aiFailure !== 'not_configured') {
        log.warn(
          `Auto responder for ticket #${result.ticketNumber ?? ticketId}: no AI answer (${result.aiFailure}); replied with docs only.`,
        );
      }
      await ctx.transactions.write((db) => completeJob(db, job));
    },

    async sla_recompute(job, payload) {
      // One batch and the job for the next in one transaction: a batch that fails is done again, never half.
      await ctx.transactions.run(async (trx) => {
        const after = await recomputeTicketSlas(trx, ctx, payload, ctx.now());
        if (after !== undefined) await enqueueJob(trx, SLA_RECOMPUTE_JOB, { ...payload, after });
        await completeJob(trx, job);
      });
    },

    async assign_waiting(job) {
      await assignWaitingTickets(ctx);
      await ctx.transactions.write((db) => completeJob(db, job));
    },

    async webhook_delivery(job, { deliveryId }) {
      await deliverWebhook(ctx, job, deliveryId, { ...webhooks, homeUrl: config.homeUrl });
    },

    async rule_run(job, payload) {
      // Each firing commits alone and is claimed once (rule_firings): a retry after a failure fires only what is left.
      await runRules(ctx, payload);
      await ctx.transactions.write((db) => completeJob(db, job));
    },

    async rule_mail(job, payload) {
      const mail = await buildRuleMail(ctx, config, { id: job.id, ...payload });
      if (mail) await transport.send(mail);
      await ctx.transactions.write((db) => completeJob(db, job));
    },

    async weekly_report_mail(job, payload) {
      const mail = await buildWeeklyReportMail(ctx, config, { id: job.id, ...payload });
      if (mail) await transport.send(mail);
      // Sent, or no one to send it to: either way done. A failure to send is retried by the worker (the claim stays).
      await ctx.transactions.write((db) => completeJob(db, job));
    },

    async webhook_disabled_mail(job, payload) {
      const mail = await buildWebhookDisabledMail(ctx, config, { id: job.id, ...payload });
      if (mail) await transport.send(mail);
      await ctx.transactions.write((db) => completeJob(db, job));
    },

    async mail(job, payload) {
      // Counted on the first attempt only: a retry after an SMTP failure is the same mail.
      const allow: MailAllowance | undefined =
        job.attempts === 1
          ? async (address, template, role) =>
              isVisitorTriggeredMail(template, role) ? takeMailAllowance(ctx, counters, address, template) : null
          : undefined;
      // A separate "Did this solve it?" follows the replies sent before it: not settled, looked at again shortly.
      if (
        payload.template === 'client_ticket_resolved' &&
        payload.ticketId &&
        (await ratingWaitsForReply(ctx.db, job, payload.ticketId, payload.userId))
      ) {
        await ctx.transactions.write((db) => retryJob(db, job, 'Waiting for the reply mail sent before it.', RATING_WAIT_MS));
        return;
      }
      const mail = await buildMail(ctx, config, job, payload, allow);
      if (mail && 'suppressed' in mail) {
        // Settled for good: retrying would only mail-bomb later. Logged without the address.
        log.info(`Mail job ${job.id} not sent: over the per-address limit.`);
        await ctx.transactions.write((db) => skipJob(db, job, mail.suppressed));
        return;
      }
      if (mail) {
        // Recorded before sending: a reply or a bounce can come back faster than this job settles.
        if (payload.ticketId) {
          const sent = { messageId: mail.messageId, ticketId: payload.ticketId, recipient: mail.to, jobId: job.id };
          await ctx.transactions.write((db) => recordSentMail(db, sent));
        }
        const { file } = await transport.send(mail);
        // The link in the mail is a secret: say where the mail went, never what it holds.
        if (file) log.info(`Mail "${mail.subject}" to ${mail.to} written to ${file}`);
      }
      return SENT;
    },
  };
}

/** Hands a payload to its kind's handler; generic in K so the table lookup and payload stay matched. */
export function runJobHandler<K extends JobKind>(
  handlers: JobHandlers,
  kind: K,
  job: JobRow,
  payload: JobPayloads[K],
): Promise<void | typeof SENT> {
  return handlers[kind](job, payload);
}
