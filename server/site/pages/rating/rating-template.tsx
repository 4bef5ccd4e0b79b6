import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { layoutProps, sendPrivatePage } from '../../shared/site-page.js';
import type { SiteTemplate } from '../../site-template.js';
import { RatingPage } from './rating-page.js';
import { ratingLinkState } from './rating-state.js';

/**
 * GET /rating/?token=…: the page behind an answer link of the resolved mail. It records nothing: a mail
 * scanner that opens both links must not answer for the client, nor reopen a ticket (docs/SECURITY.md).
 */
export function ratingTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_rating === '1',
    async render(front, reply) {
      const [layout, link] = await Promise.all([
        layoutProps(ctx, config, reply.request, reply),
        ratingLinkState(ctx.db, config.homeUrl, front.query.get('token')),
      ]);
      // The token is in the address: no Referer may carry it away.
      return sendPrivatePage(reply, RatingPage({ ...layout, state: link.state }), link.status, { 'referrer-policy': 'no-referrer' });
    },
  };
}
