import { inspectTicketLink } from '../../../auth/ticket-links.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { sendAccountDisabled } from '../../shared/refusal-pages.js';
import { layoutProps, sendPrivatePage } from '../../shared/site-page.js';
import type { SiteTemplate } from '../../site-template.js';
import { TicketLinkPage } from '../ticket-link/ticket-link-page.js';
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
