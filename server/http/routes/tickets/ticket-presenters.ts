import type { AgentTicket } from '../../../domain/inbox/get-agent-ticket.js';
import type { InboxTicket } from '../../../domain/inbox/list-inbox.js';
import type { TicketSla } from '../../../domain/sla/read-ticket-sla.js';
import type { ClientThread, ClientTicketSummary } from '../../../domain/tickets/client-tickets.js';
import { presentTicketEvent } from '../../../domain/tickets/ticket-activity.js';
import type { TicketLinks } from '../../../domain/tickets/ticket-links.js';
import type { AttachmentsByComment } from '../../../files/list-attachments.js';
import { removedNote } from '../../../site/shared/attachment-list.js';

// Whitelists, one per way a ticket is shown: only the fields named here leave the server. The shapes are
// described in tickets.schema.ts; a client's views fill the agents' fields with null or empty values.

export function presentInboxTicket(t: InboxTicket) {
  return {
    id: t.id,
    number: t.number,
    title: t.title,
    status: t.status,
    reason: t.reason,
    urgency: t.urgency,
    product: t.productId,
    client: t.client,
    assignee: t.assignee,
    created: t.createdAt,
    modified: t.updatedAt,
    tags: t.tags,
    unread: t.isUnread,
    sla_due_at: t.slaDueAt,
    // Only a search's results carry one (a list without a search, a ticket's other tickets: no field).
    ...(t.snippet !== undefined && { snippet: t.snippet }),
  };
}

/** A ticket's files for the reader, and how to address one. */
export interface TicketFiles {
  byComment: AttachmentsByComment;
  url(publicId: string): string;
}

/** The files sent with the description (null) or one comment. */
function presentAttachments(files: TicketFiles, commentId: number | null) {
  return (files.byComment.get(commentId) ?? []).map((f) => ({
    id: f.publicId,
    name: f.name,
    size: f.size,
    type: f.type,
    url: files.url(f.publicId),
    thumbnail_url: f.hasThumbnail ? `${files.url(f.publicId)}/thumbnail` : null,
    removed: f.removedAfterDays === null ? null : removedNote(f.removedAfterDays),
  }));
}

/** A ticket's merges and splits; a client is shown only the ticket theirs was merged into, when it is theirs too. */
export function presentTicketLinks(links: TicketLinks) {
  return { merged_into: links.mergedInto, merged_from: links.mergedFrom, split_from: links.splitFrom, split_into: links.splitInto };
}

export function presentAgentTicket(t: AgentTicket, files: TicketFiles, sla: TicketSla, links?: TicketLinks) {
  return {
    ...presentInboxTicket(t),
    description: t.description,
    attachments: presentAttachments(files, null),
    meta: t.meta,
    meta_labels: t.metaLabels,
    comments: t.comments.map((c) => ({
      id: c.id,
      role: c.role,
      // Empty for the automatic reply: `role` says what wrote it, and a reader's app names it in their language.
      author: c.role === 'bot' ? '' : (c.author?.name ?? ''),
      text: c.text,
      internal: c.isInternal,
      created: c.createdAt,
      attachments: presentAttachments(files, c.id),
    })),
    other_tickets: t.otherTickets.map(presentInboxTicket),
    version: t.version,
    events: t.events.map(presentTicketEvent),
    ratings: t.ratings.map((r) => ({ rating: r.rating, comment: r.comment, created: r.createdAt })),
    sla,
    ...(links && { links: presentTicketLinks(links) }),
  };
}

/** A client's ticket in their list: what the inbox shape has room for, nothing of the agents' side. */
export function presentClientListTicket(t: ClientTicketSummary) {
  return {
    id: t.id,
    number: t.number,
    title: t.title,
    status: { slug: t.statusSlug, name: t.status },
    reason: null,
    urgency: null,
    product: null,
    client: null,
    assignee: null,
    created: t.createdAt,
    modified: t.updatedAt,
    tags: [],
    unread: false,
  };
}

/** A client's own ticket: public replies only, no meta, no assignee, no sidebar. */
export function presentClientTicket(
  t: ClientThread,
  client: { id: number; name: string; email: string },
  files: TicketFiles,
  mergedInto: { id: number; number: number } | null = null,
) {
  return {
    id: t.id,
    number: t.number,
    title: t.title,
    status: { slug: t.statusSlug, name: t.status },
    reason: null,
    urgency: null,
    product: null,
    client,
    assignee: null,
    created: t.createdAt,
    modified: t.updatedAt,
    tags: [],
    unread: false,
    description: t.description,
    attachments: presentAttachments(files, null),
    meta: {},
    // Only the public entries are listed, so only their files are (never an internal note's).
    comments: t.entries.map((e) => ({
      id: e.id,
      role: e.role,
      author: e.authorName,
      text: e.text,
      internal: false,
      created: e.createdAt,
      attachments: presentAttachments(files, e.id),
    })),
    other_tickets: [],
    links: { merged_into: mergedInto, merged_from: [], split_from: null, split_into: [] },
  };
}
