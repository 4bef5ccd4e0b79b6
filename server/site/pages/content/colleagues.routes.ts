import type { FastifyPluginAsync } from 'fastify';
import { message } from '../../../../common/i18n/translator.js';
import { EMAIL_MAX_LENGTH } from '../../../../common/limits.js';
import { describeWait } from '../../../domain/describe-wait.js';
import { addColleague } from '../../../domain/participants/add-colleague.js';
import type { CopyInResult } from '../../../domain/participants/copy-client-in.js';
import { removeColleague } from '../../../domain/participants/remove-colleague.js';
import { AppError } from '../../../errors.js';
import type { RouteServices } from '../../../http/services.js';
import { limitColleagueAdds } from '../../../intake/limit-colleague-adds.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { formId, readForm } from '../../shared/read-form.js';
import { safeReturnTo, seeSignIn, sendNotFound } from '../../shared/site-page.js';
import { siteTranslator } from '../../shared/site-translator.js';
import type { HeldField } from './held-form-page.js';
import { seeThread } from './see-thread.js';
import { sendHeldForm } from './send-held-form.js';

/**
 * The thread's "People copied in" posts (colleagues-panel.tsx): the ticket's own client adds a colleague by
 * address or takes someone off. A refusal comes back as the form again with the typed address and the reason in
 * plain words; the same refusal for an address with no account and one that is staff's, so the form tells
 * nobody which addresses have accounts here.
 */
export const colleagueRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config, counters }) => {
  const form = csrfCheckedForm(ctx, config);
  const options = { schema: { hide: true } };

  app.post(
    '/account/colleagues/add/',
    options,
    form(async (request, reply, body) => {
      const user = request.siteUser;
      const returnTo = safeReturnTo(body.return_to, config);
      if (!user) return seeSignIn(reply, config, returnTo);
      const ticketId = formId(body, 'ticket_id');
      const t = await siteTranslator(ctx, request);
      const label = t.t('site.colleagues.email');
      const read = readForm(body, [{ name: 'email', label, max: EMAIL_MAX_LENGTH }], t);
      const email = (read.values.get('email') ?? '').trim();
      const held: HeldField[] = [
        { name: 'ticket_id', value: String(ticketId) },
        { name: 'return_to', value: returnTo },
        { name: 'email', value: email, label, maxLength: EMAIL_MAX_LENGTH },
      ];
      if (read.problem) return sendHeldForm(ctx, config, reply, read.problem, '/account/colleagues/add/', held);
      const exceeded = await limitColleagueAdds(counters, { userId: user.id, ip: request.ip });
      if (exceeded) {
        const refusal = new AppError('RATE_LIMITED', (tr) =>
          tr.t('site.colleagues.tooMany', { wait: describeWait(exceeded.retryAfterS, tr) }),
        ).withHeaders(exceeded.headers);
        return sendHeldForm(ctx, config, reply, refusal, '/account/colleagues/add/', held);
      }
      const result = await addColleague(ctx, { id: user.id, role: user.role }, ticketId, email);
      if (!result) return sendNotFound(ctx, config, reply);
      if (result.kind === 'added' || result.kind === 'already')
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        return seeThread(ctx, config, reply, {
          path: returnTo,
          userId: user.id,
          ticketId,
          notice: result.kind === 'added' ? 'colleague_added' : 'colleague_already',
        });
      return sendHeldForm(ctx, config, reply, refusalOf(result), '/account/colleagues/add/', held);
    }),
  );

  app.post(
    '/account/colleagues/remove/',
    options,
    form(async (request, reply, body) => {
      const user = request.siteUser;
      const returnTo = safeReturnTo(body.return_to, config);
      if (!user) return seeSignIn(reply, config, returnTo);
      const ticketId = formId(body, 'ticket_id');
      const userId = formId(body, 'user_id');
      if (!(await removeColleague(ctx, { id: user.id, role: user.role }, ticketId, userId))) return sendNotFound(ctx, config, reply);
      // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
      return seeThread(ctx, config, reply, { path: returnTo, userId: user.id, ticketId, notice: 'colleague_removed' });
    }),
  );
};

/** A refused address in the client's words (400, naming the field); an address without an account and staff's read alike. */
function refusalOf(result: Exclude<CopyInResult, { kind: 'added' | 'already' }>): AppError {
  switch (result.kind) {
    case 'invalid_email':
      return new AppError('VALIDATION_FAILED', message('site.colleagues.invalidEmail'));
    case 'no_account':
    case 'not_client':
      return new AppError('VALIDATION_FAILED', message('site.colleagues.cannotCopy'));
    case 'is_client':
      return new AppError('VALIDATION_FAILED', message('site.colleagues.isYou'));
    case 'full':
      return new AppError('VALIDATION_FAILED', message('site.colleagues.full', { max: result.max }));
  }
}
