import type { FastifyReply } from 'fastify';
import { CLIENT_TICKETS_PER_PAGE } from '../../../common/limits.js';
import { getLoginMethod } from '../../auth/auth.js';
import { GUESS_RETRY_AFTER_S } from '../../auth/guess-limits.js';
import { inspectTicketLink } from '../../auth/ticket-links.js';
import type { Config } from '../../config/config-types.js';
import { ACCOUNT_DISABLED_MESSAGE } from '../../domain/account-disabled.js';
import { findClientThread, listClientTickets } from '../../domain/client-tickets.js';
import type { DomainContext } from '../../domain/context.js';
import { canRegisterUsers } from '../../domain/find-or-create-client.js';
import { getPosts } from '../../domain/post.js';
import { listTerms } from '../../domain/terms.js';
import { getTicketFormFields } from '../../settings/settings.js';
import { getSiteOptions } from '../../settings/site-options.js';
import { ContentPage, SHORTCODE } from '../pages/content-page.js';
import { LoginPage } from '../pages/login-page.js';
import { MessagePage } from '../pages/message-page.js';
import { NewTicketShortcode, TicketsShortcode, type TicketsShortcodeProps } from '../pages/shortcodes.js';
import { TicketLinkPage } from '../pages/ticket-link-page.js';
import type { SiteTemplate } from '../site-template.js';
import { layoutProps, safeReturnTo, sendNotFound, sendPrivatePage } from './site-page.js';

/** GET /login/: the login form view following Login → method, with the sign-up panel when registration is allowed. */
export function loginTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_login === '1',
    async render(front, reply) {
      return sendLoginPage(ctx, config, reply, {
        notice: front.query.get('notice'),
        returnTo: safeReturnTo(front.query.get('return_to'), config),
      });
    },
  };
}

/** The login view with a notice; a form post answers with it directly (status 400) when a field is refused. */
export async function sendLoginPage(
  ctx: DomainContext,
  config: Config,
  reply: FastifyReply,
  options: { notice: string | null; returnTo: string; status?: number },
) {
  const [layout, method, canRegister] = await Promise.all([
    layoutProps(ctx, config, reply.request, reply),
    getLoginMethod(ctx),
    canRegisterUsers(ctx),
  ]);
  return sendPrivatePage(
    reply,
    LoginPage({ ...layout, method, canRegister, notice: options.notice, returnTo: options.returnTo }),
    options.status,
  );
}

/**
 * GET /login/ticket/?token=…: the confirm page of a mailed link; using the link takes a POST. The GET
 * costs no guess: a foreign page's image requests could otherwise spend a visitor's guesses (and
 * lock them out of their own link); only the POST confirmation counts (account.routes.ts).
 */
export function ticketLinkTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_ticket_link === '1',
    async render(front, reply) {
      const token = front.query.get('token') ?? '';
      const [layout, link] = await Promise.all([layoutProps(ctx, config, reply.request, reply), inspectTicketLink(ctx.db, token)]);
      if (link.state !== 'unknown' && link.user.disabled_at) return sendAccountDisabled(ctx, config, reply);
      const status = link.state === 'valid' ? 200 : link.state === 'unknown' ? 404 : 410;
      // The token is in the address: no Referer may carry it away.
      return sendPrivatePage(reply, TicketLinkPage({ ...layout, state: link.state, token, notice: front.query.get('notice') }), status, {
        'referrer-policy': 'no-referrer',
      });
    },
  };
}

/** The 403 page for a mailed link whose account an admin disabled. */
export async function sendAccountDisabled(ctx: DomainContext, config: Config, reply: FastifyReply) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  return sendPrivatePage(reply, MessagePage({ ...layout, title: 'Account disabled', message: ACCOUNT_DISABLED_MESSAGE }), 403, {
    'referrer-policy': 'no-referrer',
  });
}

/** The 429 page for an IP that tried too many unknown link tokens (see guess-limits.ts). */
export async function sendTooManyGuesses(ctx: DomainContext, config: Config, reply: FastifyReply) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  const message =
    'Too many links that do not exist were tried from your network. Wait 15 minutes, then open the link from your mail again.';
  return sendPrivatePage(reply, MessagePage({ ...layout, title: 'Too many attempts', message }), 429, {
    'retry-after': GUESS_RETRY_AFTER_S,
    'referrer-policy': 'no-referrer',
  });
}

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
          thread = await findClientThread(ctx, user.id, /^\d{1,12}$/.test(ticketParam) ? Number(ticketParam) : -1);
          if (!thread) return sendNotFound(ctx, config, reply);
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
          choices: { product: products.map((p) => ({ id: p.id, name: p.title })), reason: reasons, urgency: urgencies },
        };
      }
      const common = { homeUrl: config.homeUrl, pagePath, signedIn: !!user, csrf: layout.csrf, notice };
      const { time_zone: timeZone } = await getSiteOptions(ctx.db);
      const title = thread ? `${thread.title} · ${page.title}` : page.title;
      return sendPrivatePage(
        reply,
        ContentPage({
          layout,
          title: page.title,
          documentTitle: title,
          content: page.content,
          renderShortcode: (name) =>
            name === 'helpdesk_tickets' ? (
              <TicketsShortcode {...common} tickets={tickets} thread={thread} timeZone={timeZone} />
            ) : (
              <NewTicketShortcode
                {...common}
                fields={newTicket?.fields ?? []}
                choices={newTicket?.choices ?? { product: [], reason: [], urgency: [] }}
              />
            ),
        }),
      );
    },
  };
}
