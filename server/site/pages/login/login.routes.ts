import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { TICKET_FIELD_LIMITS } from '../../../../common/limits.js';
import { allowsPassword, getLoginMethod, login, signUp } from '../../../auth/auth.js';
import { GUESS_RETRY_AFTER_S } from '../../../auth/guess-limits.js';
import { takeNetworkMailRequest } from '../../../auth/mail-request-limits.js';
import { isEmailAddress } from '../../../domain/people/email-address.js';
import { isSingleLineText } from '../../../domain/text-rules.js';
import { AppError } from '../../../errors.js';
import { signIn, signOut } from '../../../http/plugins/session.js';
import type { RouteServices } from '../../../http/services.js';
import { addressKey } from '../../../security/client-address.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { type Form, formText, readForm } from '../../shared/read-form.js';
import { sendTooManyMailRequests } from '../../shared/refusal-pages.js';
import { safeReturnTo, seeOther } from '../../shared/site-page.js';
import { siteTranslator } from '../../shared/site-translator.js';
import { sendLoginPage } from '../login/login-template.js';

const emailIn = (form: Form): string => formText(form, 'email').trim();

/** The login page's form posts: sign-in by password or by mailed link, sign-up, and sign-out. Each checks the CSRF token first. */
export const loginRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const loginPath = `${config.basePath}/login/`;

  const form = csrfCheckedForm(ctx, config);
  const options = { schema: { hide: true } };
  // A refused address is answered at once with a 400 (the login view naming the email field): it
  // never reaches login(), sign-up or the mail queue.
  const refuseEmail = (reply: FastifyReply, returnTo: string) =>
    // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
    sendLoginPage(ctx, config, reply, { notice: 'invalid_email', returnTo, status: 400 });

  app.post(
    '/login/',
    options,
    form(async (request, reply, body) => {
      const returnTo = safeReturnTo(body.return_to, config);
      const email = emailIn(body);
      if (!isEmailAddress(email)) return refuseEmail(reply, returnTo);
      try {
        const result = await login(ctx, { email, password: formText(body, 'password'), ip: request.ip });
        if (result.kind === 'rate_limited') {
          const retryAfter = String(result.retryAfterS ?? GUESS_RETRY_AFTER_S);
          // The first waits of the backoff are seconds; saying "minutes" would send people away.
          const notice = Number(retryAfter) < 60 ? 'login_slowed' : 'login_throttled';
          return sendLoginPage(ctx, config, reply.header('retry-after', retryAfter), { notice, returnTo, status: 429 });
        }
        if (result.kind === 'signed_in') {
          await signIn(request, reply, result.user, 'password');
          return seeOther(reply, config, returnTo);
        }
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        if (result.kind === 'wrong_password') return seeOther(reply, config, loginPath, { notice: 'bad_login' });
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        return seeOther(reply, config, loginPath, { notice: 'link_sent' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'ACCOUNT_DISABLED')
          // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
          return seeOther(reply, config, loginPath, { notice: 'account_disabled' });
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        if (error instanceof AppError && error.code === 'FORBIDDEN') return seeOther(reply, config, loginPath, { notice: 'bad_login' });
        throw error;
      }
    }),
  );

  app.post(
    '/login/link/',
    options,
    form(async (request, reply, body) => {
      const email = emailIn(body);
      if (!isEmailAddress(email)) return refuseEmail(reply, safeReturnTo(body.return_to, config));
      try {
        const result = await login(ctx, { email, ip: request.ip });
        return seeOther(reply, config, loginPath, { notice: result.kind === 'rate_limited' ? 'rate_limited' : 'link_sent' });
      } catch (error) {
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        if (error instanceof AppError && error.code === 'FORBIDDEN') return seeOther(reply, config, loginPath, { notice: 'bad_login' });
        throw error;
      }
    }),
  );

  app.post(
    '/signup/',
    options,
    form(async (request, reply, body) => {
      const t = await siteTranslator(ctx, request);
      const read = readForm(body, [{ name: 'name', label: t.t('site.form.yourName'), max: TICKET_FIELD_LIMITS.name }], t);
      const name = (read.values.get('name') ?? '').trim();
      const email = emailIn(body);
      if (!isEmailAddress(email)) return refuseEmail(reply, safeReturnTo(body.return_to, config));
      if (read.problem)
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        return sendLoginPage(ctx, config, reply, { notice: 'name_too_long', returnTo: safeReturnTo(body.return_to, config), status: 400 });
      if (!isSingleLineText(name))
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        return sendLoginPage(ctx, config, reply, { notice: 'invalid_text', returnTo: safeReturnTo(body.return_to, config), status: 400 });
      // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
      if (!name) return seeOther(reply, config, loginPath, { notice: 'invalid_form' });
      // Per network; the per-address limit is inside signUp and answers like a sent mail.
      if (!(await takeNetworkMailRequest(ctx.db, 'signup', addressKey(request.ip))))
        return sendTooManyMailRequests(ctx, config, request, reply);
      try {
        const result = await signUp(ctx, { name, email, ip: request.ip, language: t.language });
        // A password sign-up never signs in: the same "check your mail" whether or not the address has an account.
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        if (allowsPassword(await getLoginMethod(ctx))) return seeOther(reply, config, loginPath, { notice: 'check_mail' });
        return seeOther(reply, config, loginPath, { notice: result.kind === 'rate_limited' ? 'rate_limited' : 'link_sent' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const notice = { REGISTRATION_CLOSED: 'registration_closed' }[error.code as string] ?? 'invalid_form';
        return seeOther(reply, config, loginPath, { notice });
      }
    }),
  );

  app.post(
    '/logout/',
    options,
    form(async (request, reply) => {
      await signOut(request, reply);
      // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
      return seeOther(reply, config, loginPath, { notice: 'signed_out' });
    }),
  );
};
