import type { FastifyPluginAsync } from 'fastify';
import { RATING_COMMENT_MAX } from '../../../../common/limits.js';
import { refundGuess, takeGuess } from '../../../auth/guess-limits.js';
import { recordRating } from '../../../domain/ratings/record-rating.js';
import type { RouteServices } from '../../../http/services.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { formText } from '../../shared/read-form.js';
import { sendTooManyGuesses } from '../../shared/refusal-pages.js';
import { layoutProps, sendPrivatePage } from '../../shared/site-page.js';
import { RatingPage, type RatingPageState } from './rating-page.js';
import { ratingLinkState } from './rating-state.js';

// Control characters other than line breaks and tabs have no place in a comment.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * POST /rating/: records the answer of a rating link, with the comment, once per mail. No sign-in: the
 * signed token is the permission, the site's CSRF pair (cookie and form field) proves the post came from
 * the page, and a bad token costs one of the address's token guesses.
 */
export const ratingRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const form = csrfCheckedForm(ctx, config);
  app.post(
    '/rating/',
    { schema: { hide: true } },
    form(async (request, reply, body) => {
      const token = formText(body, 'token');
      const comment = formText(body, 'comment').replace(/\r\n?/g, '\n').trim();
      if (!(await takeGuess(ctx.db, 'token', request.ip))) return sendTooManyGuesses(ctx, config, reply);
      const [layout, link] = await Promise.all([layoutProps(ctx, config, request, reply), ratingLinkState(ctx.db, config.homeUrl, token)]);
      if (link.state.kind !== 'invalid') await refundGuess(ctx.db, 'token', request.ip);
      const send = (state: RatingPageState, status: number) =>
        sendPrivatePage(reply, RatingPage({ ...layout, state }), status, { 'referrer-policy': 'no-referrer' });
      if (link.state.kind !== 'choose' || !link.claim) return send(link.state, link.status);

      const problem =
        comment.length > RATING_COMMENT_MAX
          ? layout.t.t('site.rating.commentTooLong', { length: comment.length, max: RATING_COMMENT_MAX })
          : CONTROL.test(comment)
            ? layout.t.t('site.rating.commentControl')
            : undefined;
      if (problem) return send({ ...link.state, problem, comment: comment.slice(0, RATING_COMMENT_MAX * 2) }, 400);

      const result = await recordRating(ctx, link.claim, comment);
      if (result.state === 'already') return send({ kind: 'already', rating: result.rating }, 200);
      if (result.state === 'gone') return send({ kind: 'invalid' }, 404);
      return send({ kind: 'thanks', rating: link.claim.rating, reopened: result.reopened, superseded: result.superseded }, 200);
    }),
  );
};
