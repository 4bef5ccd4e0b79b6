import type { Kysely } from 'kysely';
import type { MessageKey } from '../../common/i18n/message-keys.js';
import type { Translator } from '../../common/i18n/translator.js';
import { unlinkableText } from '../../common/unlinkable-text.js';
import { issueTicketLink } from '../auth/ticket-links.js';
import type { Config } from '../config/config-types.js';
import type { Database } from '../db/tables.js';
import type { DomainContext } from '../domain/context.js';
import { type AddedNotification, addNotifications } from '../domain/notifications/add-notifications.js';
import { type MailPreferences, usersWantingMail } from '../domain/notifications/notification-preferences.js';
import { participantIds } from '../domain/participants/participants.js';
import { isEmailAddress } from '../domain/people/email-address.js';
import type { JobRow } from '../jobs/queue.js';
import { enqueueJobs } from '../jobs/queue.js';
import { loadMarkdown } from '../markdown/load-markdown.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { type MailTemplateName, mailTemplateFor } from '../settings/emails-tab.js';
import { getSiteOptions } from '../settings/site-options.js';
import { issueAccountLink } from './account-links.js';
import type { OutgoingMail } from './create-transport.js';
import { mailFilesOf } from './mail-files.js';
import type { MailJobPayload } from './mail-job-payload.js';
import { ratingLinks } from './rating-links.js';
import { recipientTranslator } from './recipient-translator.js';
import { type MailValues, renderMail } from './render-mail.js';
import { agentReplyAddressFor, replyAddressFor } from './reply-address.js';
import { signWithReplyKey } from './reply-key.js';
import { siteSender } from './site-sender.js';
import { findSupportAddress } from './support-address.js';
import { threadHeaders } from './ticket-thread.js';

/** Decides, before a mail is built, whether it may go to that address; returns why not, or null. */
export type MailAllowance = (address: string, template: MailTemplateName, commentAuthorRole: string | null) => Promise<string | null>;

export const MAIL_JOB = 'mail';

/** Mails about a new ticket, which bring the files sent with its description. */
const FILES_OF_DESCRIPTION: ReadonlySet<MailTemplateName> = new Set(['client_ticket_created', 'agent_ticket_created']);
// The button of a password mail says where it leads.
const ACCOUNT_LINK_LABELS: Partial<Record<MailTemplateName, MessageKey>> = {
  staff_invitation: 'mail.button.choosePassword',
  password_reset: 'mail.button.chooseNewPassword',
  client_account_exists: 'mail.button.chooseNewPassword',
  client_data_export: 'mail.button.downloadData',
};

export async function enqueueMail(db: Kysely<Database>, payload: MailJobPayload): Promise<void> {
  await enqueueJobs(db, MAIL_JOB, [payload]);
}

/** Agents and admins who can read mail about tickets: a disabled account gets none. */
async function staffIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', ['agent', 'admin'])
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Mail to the staff per event: the agent's own choice, else these defaults (from the admin's settings). */
export interface StaffRouting {
  mailDefaults: MailPreferences;
}

/**
 * Turns an event job into one mail job per recipient, in the transaction that completes the event job,
 * so a retry of one recipient's mail never resends another's. Every enabled agent but the ticket's own
 * author gets a line in their notification list; a mail only if they want it.
 */
export async function fanOutTicketCreated(trx: Kysely<Database>, ticketId: number, routing: StaffRouting): Promise<AddedNotification[]> {
  const ticket = await trx
    .selectFrom('posts')
    .select(['author_id'])
    .where('id', '=', ticketId)
    .where('type', '=', 'ticket')
    .executeTakeFirst();
  if (!ticket) return [];
  const staff = (await staffIds(trx)).filter((id) => id !== ticket.author_id);
  const mails: MailJobPayload[] = [
    ...(ticket.author_id ? [{ template: 'client_ticket_created' as const, userId: ticket.author_id, ticketId }] : []),
    ...(await usersWantingMail(trx, staff, 'ticket_created', routing.mailDefaults.ticket_created)).map((id) => ({
      template: 'agent_ticket_created' as const,
      userId: id,
      ticketId,
    })),
  ];
  await enqueueJobs(trx, MAIL_JOB, mails);
  return addNotifications(trx, 'ticket_created', ticketId, staff);
}

/**
 * Agent or bot reply → the client; client reply → the ticket's assignee, or every agent while it has none
 * (in their notification lists, and by mail to those who want it). Internal notes reach no one.
 */
export async function fanOutCommentAdded(
  trx: Kysely<Database>,
  commentId: number,
  routing: StaffRouting,
  /** The reply resolved the ticket: its mail to the client asks "Did this solve it?" for this resolution. */
  ratingRequestId?: number,
): Promise<AddedNotification[]> {
  const comment = await trx
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.id', 'c.post_id', 'c.author_id', 'c.author_role', 'p.author_id as client_id', 'p.assignee_id'])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  if (!comment || (await isInternal(trx, commentId))) return [];
  if (comment.author_role === 'client') {
    const recipients = await withFollowers(trx, comment.post_id, await staffConcernedBy(trx, comment.assignee_id));
    const wanting = await usersWantingMail(trx, recipients, 'client_replied', routing.mailDefaults.client_replied);
    await enqueueJobs(
      trx,
      MAIL_JOB,
      wanting.map((id) => ({ template: 'agent_client_reply' as const, userId: id, ticketId: comment.post_id, commentId })),
    );
    return addNotifications(trx, 'client_replied', comment.post_id, recipients, commentId);
  }
  if (comment.client_id && comment.client_id !== comment.author_id) {
    await enqueueMail(trx, {
      template: 'client_agent_reply',
      userId: comment.client_id,
      ticketId: comment.post_id,
      commentId,
      ...(ratingRequestId !== undefined && { ratingRequestId }),
    });
  }
  // The clients copied in get the reply too, each in a mail of their own (their own thread headers, no rating
  // question: that is the client's to answer).
  const copied = (await participantIds(trx, comment.post_id, 'cc')).filter((id) => id !== comment.author_id && id !== comment.client_id);
  await enqueueJobs(
    trx,
    MAIL_JOB,
    copied.map((userId) => ({ template: 'client_agent_reply' as const, userId, ticketId: comment.post_id, commentId })),
  );
  return [];
}

/** A service-level target of a ticket is due soon or went overdue: which, and when it is (was) due. */
export interface SlaEventFacts {
  ticketId: number;
  event: 'warning' | 'breached';
  metric: 'first_reply' | 'next_reply' | 'resolution';
  dueAt: string;
}

/**
 * A warning or breach reaches the ticket's assignee; an unassigned ticket's (or a disabled assignee's), the agents
 * who get new-ticket mail. Each gets a line in their list, and a mail if they want mail of that kind.
 */
export async function fanOutSlaEvent(trx: Kysely<Database>, facts: SlaEventFacts, routing: StaffRouting): Promise<AddedNotification[]> {
  const kind = facts.event === 'warning' ? 'sla_warning' : 'sla_breached';
  const ticket = await trx.selectFrom('posts').select('assignee_id').where('id', '=', facts.ticketId).executeTakeFirst();
  if (!ticket) return [];
  const concerned = await staffConcernedBy(trx, ticket.assignee_id);
  const assigned = ticket.assignee_id !== null && concerned.length === 1 && concerned[0] === ticket.assignee_id;
  const recipients = await withFollowers(
    trx,
    facts.ticketId,
    assigned ? concerned : await usersWantingMail(trx, concerned, 'ticket_created', routing.mailDefaults.ticket_created),
  );
  const wanting = await usersWantingMail(trx, recipients, kind, routing.mailDefaults[kind]);
  const template = facts.event === 'warning' ? ('agent_sla_warning' as const) : ('agent_sla_breached' as const);
  await enqueueJobs(
    trx,
    MAIL_JOB,
    wanting.map((userId) => ({ template, userId, ticketId: facts.ticketId, sla: { metric: facts.metric, dueAt: facts.dueAt } })),
  );
  return addNotifications(trx, kind, facts.ticketId, recipients);
}

/** Who hears of a client's words on a ticket: its assignee; a disabled one or none, every enabled agent. */
export async function staffConcernedBy(db: Kysely<Database>, assigneeId: number | null): Promise<number[]> {
  const staff = await staffIds(db);
  return assigneeId !== null && staff.includes(assigneeId) ? [assigneeId] : staff;
}

/** `staff` and the ticket's followers (staff who get its notices as its assignee does), each once. */
export async function withFollowers(db: Kysely<Database>, ticketId: number, staff: readonly number[]): Promise<number[]> {
  const followers = await participantIds(db, ticketId, 'follower');
  return [...new Set([...staff, ...followers])];
}

async function isInternal(db: Kysely<Database>, commentId: number): Promise<boolean> {
  const meta = await db
    .selectFrom('comment_meta')
    .select('meta_value')
    .where('comment_id', '=', commentId)
    .where('meta_key', '=', 'is_internal')
    .executeTakeFirst();
  return meta?.meta_value === '1';
}

/**
 * Whether the resolution a mail asks about still holds: `none` when the mail names none. A ticket reopened
 * before the mail went out is not asked (the separate mail is dropped, the reply goes without the links).
 */
async function ratingResolution(db: Kysely<Database>, payload: MailJobPayload): Promise<'none' | 'holds' | 'reopened'> {
  if (!('ratingRequestId' in payload) || payload.ratingRequestId === undefined) return 'none';
  const row = await db.selectFrom('rating_requests').select('reopened_at').where('id', '=', payload.ratingRequestId).executeTakeFirst();
  return row && row.reopened_at === null ? 'holds' : 'reopened';
}

/**
 * Whom a mail job goes to (undefined when the account is gone) and the ticket it is about (undefined when it
 * names none, or it is gone): one statement, as a ticket's mails are most of the mail worker's work.
 */
async function recipientAndTicket(db: Kysely<Database>, payload: MailJobPayload) {
  if (!('userId' in payload)) {
    // An address without an account: the language of the page that asked, when it said, else the site's.
    const recipient = { id: null, email: payload.email, name: 'name' in payload ? payload.name : '' };
    return { recipient: { ...recipient, language: payload.language ?? null, time_zone: null }, ticket: undefined };
  }
  const row = await db
    .selectFrom('users as recipient')
    // No ticket has id 0: a mail about none joins nothing.
    .leftJoin('posts as p', (join) => join.on('p.id', '=', payload.ticketId ?? 0).on('p.type', '=', 'ticket'))
    .leftJoin('users as client', 'client.id', 'p.author_id')
    .select([
      'recipient.id',
      'recipient.email',
      'recipient.name',
      'recipient.language',
      'recipient.time_zone',
      'p.id as ticket_id',
      'p.number',
      'p.title',
      'p.content',
      'client.name as client_name',
      'p.author_id as client_id',
    ])
    .where('recipient.id', '=', payload.userId)
    .executeTakeFirst();
  if (!row) return { recipient: undefined, ticket: undefined };
  const { ticket_id, number, title, content, client_name, client_id, ...recipient } = row;
  // Every ticket row has a number (given by each insert; older ones numbered by their migration).
  const ticket =
    ticket_id === null
      ? undefined
      : { id: ticket_id, number: number as number, title: title ?? '', content: content ?? '', client_name, client_id };
  return { recipient, ticket };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const NAME_BREAKERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * The From display name. An agent's reply reads as that person's mail ("Alex from Acme"), at the site's address (the
 * Reply-To still leads back to the ticket); every other mail comes from the sender name, else the site.
 */
function senderName(
  template: MailTemplateName,
  author: { role: string | null; name: string | null },
  site: { name: string; fromName: string },
  tr: Translator,
) {
  const { name: siteName, fromName } = site;
  const agent = author.name?.replace(NAME_BREAKERS, ' ').trim();
  if (template === 'client_agent_reply' && author.role === 'agent' && agent)
    return tr.t('mail.sender.agentFromSite', { agent, site: siteName });
  return fromName || siteName;
}

/**
 * Builds the message of a mail job; null when there is nothing to send any more (account or ticket
 * gone, note), `{ suppressed }` when `allow` refuses it. The payload was checked by the worker. `allow` runs before any link is minted.
 */
export async function buildMail(
  ctx: DomainContext,
  config: Config,
  job: JobRow,
  payload: MailJobPayload,
  allow?: MailAllowance,
): Promise<OutgoingMail | { suppressed: string } | null> {
  const { recipient, ticket } = await recipientAndTicket(ctx.db, payload);
  // An address outside the one email rule (stored before it existed) is never handed to SMTP.
  if (!recipient || !isEmailAddress(recipient.email)) return null;
  if (payload.ticketId && !ticket) return null;
  let replyText = ticket?.content;
  let commentAuthorRole: string | null = null;
  let commentAuthorName: string | null = null;
  // Which message's files come with the mail: the comment's, or for a new ticket its description's.
  let filesOf: number | null | undefined = FILES_OF_DESCRIPTION.has(payload.template) ? null : undefined;
  if ('commentId' in payload && payload.commentId) {
    filesOf = payload.commentId;
    if (await isInternal(ctx.db, payload.commentId)) return null;
    // The author's name comes in the same statement: an agent's reply is signed with it (see `from` below).
    const comment = await ctx.db
      .selectFrom('comments as c')
      .leftJoin('users as author', 'author.id', 'c.author_id')
      .select(['c.content', 'c.author_role', 'author.name as author_name'])
      .where('c.id', '=', payload.commentId)
      .executeTakeFirst();
    if (!comment) return null;
    replyText = comment.content;
    commentAuthorRole = comment.author_role;
    commentAuthorName = comment.author_name;
  }
  const [settings, site] = await Promise.all([getCoreSettings(ctx), getSiteOptions(ctx.db)]);
  // Each recipient reads their own language in their own zone (else the site's): resolved here, per mail, so one
  // event's mails to three agents can go out in three languages.
  const tr = recipientTranslator(recipient, site);
  if ('ratingId' in payload && payload.ratingId) {
    const rating = await ctx.db
      .selectFrom('ticket_ratings')
      .select(['rating', 'comment'])
      .where('id', '=', payload.ratingId)
      .executeTakeFirst();
    if (!rating) return null;
    const answer = tr.t(rating.rating === 'yes' ? 'mail.rating.yesAnswer' : 'mail.rating.noAnswer');
    replyText = `${answer}${rating.comment ? `\n\n${rating.comment}` : ''}`;
  }
  if ('sla' in payload && payload.sla && ticket) {
    // Minutes left as the mail is built (a retry says what is true then), in whole minutes, at least one.
    const { metric, dueAt } = payload.sla;
    const due = tr.dateTime(dueAt);
    replyText =
      payload.template === 'agent_sla_warning'
        ? tr.t('mail.sla.warning', {
            number: String(ticket.number),
            metric,
            due,
            minutes: Math.max(1, Math.ceil((Date.parse(dueAt) - ctx.now().getTime()) / 60_000)),
          })
        : tr.t('mail.sla.breached', { number: String(ticket.number), metric, due });
  }
  let listLink: string | undefined;
  if ('ticketIds' in payload && payload.ticketIds?.length) {
    // A bulk assignment: one line per ticket (titles are the clients' words: text, never links), and the
    // assignee's "Mine" view as the link.
    const listed = await ctx.db
      .selectFrom('posts')
      .select(['id', 'number', 'title'])
      .where('type', '=', 'ticket')
      .where('id', 'in', payload.ticketIds)
      .orderBy('id')
      .execute();
    if (listed.length === 0) return null;
    replyText = listed.map((t) => `#${t.number ?? t.id} ${unlinkableText(t.title)}`).join('\n');
    listLink = `${config.homeUrl}/admin/?view=mine`;
  }
  // A cancelled invitation (the account disabled before its mail went out) is not sent: no link to a disabled account.
  if (payload.template === 'staff_invitation' && recipient.id !== null) {
    const account = await ctx.db.selectFrom('users').select('disabled_at').where('id', '=', recipient.id).executeTakeFirst();
    if (account?.disabled_at) return null;
  }
  const refusal = await allow?.(recipient.email, payload.template, commentAuthorRole);
  if (refusal) return { suppressed: refusal };

  const { emails } = settings;
  const sender = siteSender(config, site, emails);
  const toClient = payload.template.startsWith('client_');
  const siteLink = `${config.homeUrl}/`;
  // Sign-up and password mails carry their own one-time link (address proof or password reset).
  const accountLink = await issueAccountLink(ctx, config.homeUrl, payload, recipient.id);
  // An address without an account gets no sign-in link: there is nothing to sign in to.
  // A client copied in on someone else's ticket does not read it on the help site (docs/DECISIONS.md): their mail
  // carries the words and the ticket's reply address, and a link to the help site, never a sign-in to the ticket.
  const copiedIn = toClient && ticket !== undefined && ticket.client_id !== recipient.id;
  const link =
    listLink ??
    accountLink ??
    (recipient.id === null || copiedIn
      ? siteLink
      : toClient
        ? // The link's row joins the group commit on SQLite (no fsync of its own per mail).
          await ctx.transactions.write((db) =>
            issueTicketLink(db, config.homeUrl, {
              userId: recipient.id as number,
              ticketId: ticket?.id ?? null,
              lifetimeDays: settings.login.link_lifetime_days,
            }),
          )
        : `${config.homeUrl}/admin/tickets/${ticket?.number ?? ''}`);
  const values: MailValues = {
    // Chosen by whoever filed the ticket: shown, never a link (a name like "evil.com").
    client_name: unlinkableText(toClient || accountLink ? recipient.name : (ticket?.client_name ?? '')),
    ticket_title: unlinkableText(ticket?.title ?? ''),
    // What people read and quote back: the ticket's number, not the id shared with docs and pages.
    ticket_id: ticket ? String(ticket.number) : '',
    ticket_link: link,
    site_name: site.site_name,
    site_link: siteLink,
    admin_link: `${config.homeUrl}/admin/`,
    reply_text: replyText ?? '',
  };
  // The catalogue's words in the recipient's language, unless an admin wrote their own (sent as written).
  let bodyTemplate = mailTemplateFor(payload.template, 'body', emails[`${payload.template}_body`], tr);
  const subjectTemplate = mailTemplateFor(payload.template, 'subject', emails[`${payload.template}_subject`], tr);
  const resolution = await ratingResolution(ctx.db, payload);
  if (resolution === 'reopened' && payload.template === 'client_ticket_resolved') return null;
  if ((payload.template === 'client_ticket_resolved' || resolution === 'holds') && ticket) {
    // Signed per mail job: a retry of the same mail carries links to the same one answer. Bound to the
    // resolution asked about (when the mail names one), so an answer counts only while it holds.
    const resolutionId = 'ratingRequestId' in payload ? payload.ratingRequestId : undefined;
    const links = await ratingLinks(ctx.db, config.homeUrl, ticket.id, String(job.id), resolutionId);
    values.rating_yes_link = links.yes;
    values.rating_no_link = links.no;
    // The reply that resolved the ticket asks in its own mail; its template (an admin's words) may place the
    // links itself, else they follow it.
    if (payload.template === 'client_agent_reply' && !bodyTemplate.includes('##rating_yes_link##'))
      bodyTemplate = `${bodyTemplate}\n\n${tr.t('mail.rating.question')}`;
  } else if (payload.template === 'client_agent_reply') {
    // A reply that resolves nothing: links an admin placed in the template are left out, not shown as `##…##`.
    values.rating_yes_link = '';
    values.rating_no_link = '';
  }
  const support = ticket ? await findSupportAddress(ctx, config) : null;
  // Internal notes never get here (no mail is built for one), so their files never go out.
  const files =
    ticket && filesOf !== undefined
      ? await mailFilesOf(ctx, config, { ticketId: ticket.id, commentId: filesOf }, settings.tickets)
      : { attachments: [], listed: [] };
  // A person's words relayed (an agent's or a client's reply) are not automatic mail (RFC 3834); the rest is.
  const automatic = commentAuthorRole !== 'agent' && commentAuthorRole !== 'client';
  // Agents' (and the AI responder's) replies are Markdown; the renderer is loaded by the first mail that has one.
  const markdownReply = commentAuthorRole === 'agent' || commentAuthorRole === 'bot';
  if (markdownReply) await loadMarkdown();
  const rendered = renderMail(subjectTemplate, bodyTemplate, values, {
    markdownReply,
    translator: tr,
    linkLabel: tr.t(
      ticket
        ? 'mail.button.openTicket'
        : listLink
          ? 'mail.button.openTickets'
          : (ACCOUNT_LINK_LABELS[payload.template] ?? 'mail.button.openLink'),
    ),
    // Only where a reply by mail lands in the ticket.
    replyMarker: Boolean(support),
    files: files.listed,
    // From the cached site options read above: branding adds no statement to a mail.
    brand: sender.brand,
  });
  const { host } = sender;
  // Unguessable as well as stable per job: a reply is matched to its ticket by the id it answers, so
  // a stranger must not be able to write one (see docs/SECURITY.md, forged senders).
  const messageId = `<mail-${job.id}.${await signWithReplyKey(ctx.db, `message:${job.id}:${job.created_at}`, 20)}@${host}>`;
  const thread =
    ticket &&
    (await threadHeaders(ctx.db, {
      ticketId: ticket.id,
      recipient: recipient.email,
      root: `<ticket-${ticket.id}@${host}>`,
      except: messageId,
    }));
  // The confirmation of a ticket opened by mail answers that mail (RFC 3834 §5: auto-replied).
  const autoReplied = automatic && payload.template === 'client_ticket_created' && thread?.openedByRecipient === true;
  return {
    from: {
      name: senderName(
        payload.template,
        { role: commentAuthorRole, name: commentAuthorName },
        { name: site.site_name, fromName: emails.from_name },
        tr,
      ),
      address: sender.from.address,
    },
    to: recipient.email,
    ...rendered,
    language: tr.language,
    // One subject for every mail of a ticket, with its number, whatever a template says.
    subject:
      ticket && !rendered.subject.includes(`[#${values.ticket_id}]`) ? `${rendered.subject} [#${values.ticket_id}]` : rendered.subject,
    messageId,
    automatic,
    ...(autoReplied && { autoReplied }),
    ...(files.attachments.length && { attachments: files.attachments }),
    ...thread?.headers,
    ...(ticket &&
      support && {
        // Staff get an address of their own per ticket: the client knows the ticket's, so a reply to it
        // with a staff member's From proves nothing (docs/SECURITY.md, replies by staff).
        replyTo:
          payload.template.startsWith('agent_') && recipient.id !== null
            ? await agentReplyAddressFor(ctx.db, support, ticket.number, recipient.id)
            : await replyAddressFor(ctx.db, support, ticket.number),
      }),
  };
}
