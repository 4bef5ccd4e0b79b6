import { termLabel } from '../../../../common/i18n/term-label.js';
import { CLIENT_TICKETS_PER_PAGE } from '../../../../common/limits.js';
import type { Config } from '../../../config/config-types.js';
import { getPosts } from '../../../domain/content/post.js';
import { listTerms } from '../../../domain/content/terms.js';
import type { DomainContext } from '../../../domain/context.js';
import { listParticipants } from '../../../domain/participants/participants.js';
import { findClientThread, listClientTickets } from '../../../domain/tickets/client-tickets.js';
import { findTicketByNumber } from '../../../domain/tickets/find-ticket-by-number.js';
import { readTicketLinks } from '../../../domain/tickets/ticket-links.js';
import { fileUrl } from '../../../files/file-url.js';
import { listAttachments } from '../../../files/list-attachments.js';
import { uploadRulesFor } from '../../../files/upload-rules.js';
import { getTicketFormFields } from '../../../settings/get-ticket-form-fields.js';
import { layoutProps, sendNotFound, sendPrivatePage } from '../../shared/site-page.js';
import type { SiteTemplate } from '../../site-template.js';
import { ContentPage, SHORTCODE } from '../content/content-page.js';
import { pageTitle } from '../content/page-title.js';
import { NewTicketShortcode, TicketsShortcode, type TicketsShortcodeProps } from '../content/shortcodes.js';

/** Pages (posts of type `page`) by slug, with [helpdesk_tickets] and [helpdesk_new_ticket] expanded. */
export function contentPageTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_pagename !== undefined,
    async render(front, reply) {
      const request = reply.request;
      const [page] = await getPosts(ctx, { type: 'page', status: 'publish', slug: front.queryVars.helpdesk_pagename, limit: 1 });
      if (!page) return sendNotFound(ctx, config, reply);
      const layout = await layoutProps(ctx, config, request, reply);
      const user = request.siteUser;
      const pagePath = `${config.basePath}/${front.path.replace(/\/?$/, '/')}`;
      const notice = front.query.get('notice');
      const used = new Set([...page.content.matchAll(new RegExp(SHORTCODE.source, 'g'))].map((m) => m[1]));

      let tickets: TicketsShortcodeProps['tickets'];
      let thread: Awaited<ReturnType<typeof findClientThread>>;
      if (user && used.has('helpdesk_tickets')) {
        const ticketParam = front.query.get('ticket');
        if (ticketParam !== null) {
          // `?ticket=` is the number people read; a number that is not theirs is the same not-found as none.
          const ticket = /^\d{1,12}$/.test(ticketParam) ? await findTicketByNumber(ctx.db, Number(ticketParam)) : undefined;
          thread = ticket && (await findClientThread(ctx, user.id, ticket.id));
          if (!thread) return sendNotFound(ctx, config, reply);
          // A merged ticket's page leads to the ticket its conversation went on in, when that one is theirs too
          // (a merge of two clients' tickets leaves the other client's ticket unseen: its page stays).
          const { mergedInto } = await readTicketLinks(ctx.db, thread.id);
          if (mergedInto && (await findClientThread(ctx, user.id, mergedInto.id))) {
            return reply.redirect(`${pagePath}?ticket=${mergedInto.number}`, 303);
          }
        } else {
          const paged = front.query.get('paged');
          const pageNumber = paged && /^[1-9]\d{0,5}$/.test(paged) ? Number(paged) : 1;
          tickets = {
            ...(await listClientTickets(ctx, user.id, { page: pageNumber, perPage: CLIENT_TICKETS_PER_PAGE })),
            page: pageNumber,
          };
        }
      }
      let newTicket: Omit<Parameters<typeof NewTicketShortcode>[0], 'homeUrl' | 'pagePath' | 'signedIn' | 'csrf' | 'notice'> | undefined;
      if (user && used.has('helpdesk_new_ticket')) {
        const [fields, products, reasons, urgencies] = await Promise.all([
          getTicketFormFields(ctx),
          getPosts(ctx, { type: 'product', status: 'publish' }),
          listTerms(ctx, 'ticket_reason'),
          listTerms(ctx, 'ticket_urgency'),
        ]);
        newTicket = {
          fields,
          choices: {
            product: products.map((p) => ({ id: p.id, name: p.title })),
            // A seeded reason or urgency in the reader's language; one the owner named, as they wrote it.
            reason: reasons.map((r) => ({ id: r.id, name: termLabel(layout.t, 'ticket_reason', r.slug, r.name) })),
            urgency: urgencies.map((u) => ({ id: u.id, name: termLabel(layout.t, 'ticket_urgency', u.slug, u.name) })),
          },
        };
      }
      const common = { homeUrl: config.homeUrl, pagePath, signedIn: !!user, csrf: layout.csrf, notice };
      // The thread shows only public entries, and so only their files (never an internal note's).
      const threadFiles = thread ? await listAttachments(ctx, thread.id) : undefined;
      // Who is copied in is its own client's to see and change (mayCopyInColleagues), never a colleague's who reads it.
      const copied = thread?.isOwnTicket
        ? (await listParticipants(ctx.db, thread.id))
            .filter((p) => p.kind === 'cc')
            .map((p) => ({ userId: p.userId, name: p.name, email: p.email }))
        : undefined;
      // The forms' file limits (a signed-in client's): the picker shows them, its script checks them.
      const rules = user ? await uploadRulesFor(ctx, { anonymous: false, ticketId: thread?.id }) : undefined;
      const fileRules =
        rules && rules.allowedTypes.size > 0
          ? { maxFileBytes: rules.maxFileBytes, maxFiles: rules.maxFiles, kinds: rules.allowedWords(layout.t) }
          : undefined;
      const heading = pageTitle(layout.t, page);
      const title = thread ? layout.t.t('site.tickets.threadTitle', { ticket: thread.title, page: heading }) : heading;
      return sendPrivatePage(
        reply,
        ContentPage({
          layout,
          title: heading,
          documentTitle: title,
          content: page.content,
          renderShortcode: (name) =>
            name === 'helpdesk_tickets' ? (
              <TicketsShortcode
                {...common}
                tickets={tickets}
                thread={thread}
                files={threadFiles}
                fileUrl={(id) => fileUrl(config, id)}
                fileRules={fileRules}
                copied={copied}
              />
            ) : (
              <NewTicketShortcode
                {...common}
                fields={newTicket?.fields ?? []}
                choices={newTicket?.choices ?? { product: [], reason: [], urgency: [] }}
                fileRules={fileRules}
              />
            ),
        }),
      );
    },
  };
}
