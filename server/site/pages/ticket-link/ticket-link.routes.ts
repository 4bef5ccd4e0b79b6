import type { FastifyPluginAsync } from 'fastify';
import { sendSignInLink } from '../../../auth/auth.js';
import { refundGuess, takeGuess } from '../../../auth/guess-limits.js';
import { consumeTicketLink, inspectTicketLink } from '../../../auth/ticket-links.js';
import { signIn } from '../../../http/plugins/session.js';
import type { RouteServices } from '../../../http/services.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { formText } from '../../shared/read-form.js';
import { sendAccountDisabled, sendTooManyGuesses } from '../../shared/refusal-pages.js';
import { layoutProps, seeOther, sendPrivatePage } from '../../shared/site-page.js';
import { TicketLinkPage } from './ticket-link-page.js';

/** The mailed ticket link's form posts: confirm the link (signs in once) or ask for a fresh one. */
export const ticketLinkRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const form = csrfCheckedForm(ctx, config);
  const options = { schema: { hide: true } };

  // The confirm button of a mailed link: uses the token once, starts a fresh session, and lands on a
  // clean address (the token leaves the address bar).
  app.post(
    '/login/ticket/',
    options,
    form(async (request, reply, body) => {
      const token = formText(body, 'token');
      if (!(await takeGuess(ctx.db, 'token', request.ip))) return sendTooManyGuesses(ctx, config, reply);
      const used = await consumeTicketLink(ctx.db, token);
      if (used) {
        await refundGuess(ctx.db, 'token', request.ip);
        if (used.user.disabled_at) return sendAccountDisabled(ctx, config, reply);
        await signIn(request, reply, used.user, 'link');
        return seeOther(reply, config, `${config.basePath}/tickets/`, used.ticketNumber ? { ticket: String(used.ticketNumber) } : {});
      }
      const link = await inspectTicketLink(ctx.db, token);
      if (link.state !== 'unknown') await refundGuess(ctx.db, 'token', request.ip);
      if (link.state !== 'unknown' && link.user.disabled_at) return sendAccountDisabled(ctx, config, reply);
      const layout = await layoutProps(ctx, config, request, reply);
      return sendPrivatePage(
        reply,
        TicketLinkPage({ ...layout, state: link.state === 'valid' ? 'used' : link.state, token, notice: null }),
        link.state === 'unknown' ? 404 : 410,
        {
          'referrer-policy': 'no-referrer',
        },
      );
    }),
  );

  app.post(
    '/login/fresh-link/',
    options,
    form(async (request, reply, body) => {
      const token = formText(body, 'token');
      if (!(await takeGuess(ctx.db, 'token', request.ip))) return sendTooManyGuesses(ctx, config, reply);
      const link = await inspectTicketLink(ctx.db, token);
      if (link.state !== 'unknown') await refundGuess(ctx.db, 'token', request.ip);
      if (link.state !== 'unknown' && link.user.disabled_at) return sendAccountDisabled(ctx, config, reply);
      let notice: string | null = null;
      if (link.state === 'used' || link.state === 'expired') {
        notice = (await sendSignInLink(ctx, link.user, link.ticketId, request.ip)) ? 'fresh_link_sent' : 'rate_limited';
      }
      const layout = await layoutProps(ctx, config, request, reply);
      const state = link.state === 'valid' ? 'valid' : link.state;
      return sendPrivatePage(reply, TicketLinkPage({ ...layout, state, token, notice }), notice === 'rate_limited' ? 429 : 200, {
        'referrer-policy': 'no-referrer',
      });
    }),
  );
};
