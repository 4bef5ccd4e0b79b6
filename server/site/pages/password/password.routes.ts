import type { FastifyPluginAsync } from 'fastify';
import { acceptInvitation } from '../../../auth/accept-invitation.js';
import { confirmAddress } from '../../../auth/confirm-address.js';
import { takeNetworkMailRequest } from '../../../auth/mail-request-limits.js';
import { requestPasswordReset } from '../../../auth/request-password-reset.js';
import { resetPassword } from '../../../auth/reset-password.js';
import type { UserRow } from '../../../db/tables.js';
import { isEmailAddress } from '../../../domain/people/email-address.js';
import { AppError, renderProblemText } from '../../../errors.js';
import { signIn } from '../../../http/plugins/session.js';
import type { RouteServices } from '../../../http/services.js';
import { addressKey } from '../../../security/client-address.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { MessagePage } from '../../shared/message-page.js';
import { formText } from '../../shared/read-form.js';
import { sendTooManyGuesses, sendTooManyMailRequests } from '../../shared/refusal-pages.js';
import { layoutProps, sendPrivatePage, siteUrl } from '../../shared/site-page.js';
import { siteTranslator } from '../../shared/site-translator.js';
import type { PasswordLinkKind } from './choose-password-page.js';
import { guessPasswordLink, sendChoosePasswordPage, sendForgotPasswordPage } from './password-templates.js';

/**
 * The password links: "Forgot password?" (POST /login/forgot/) and the POSTs behind a sign-up's
 * confirmation link (/login/confirm/), a reset link (/login/reset/) and an invitation (/login/welcome/). Each checks the CSRF token
 * first. Only these POSTs use a link; opening it (GET) changes nothing.
 */
export const passwordRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const options = { schema: { hide: true } };
  const checked = csrfCheckedForm(ctx, config);

  app.post(
    '/login/forgot/',
    options,
    checked(async (request, reply, body) => {
      const email = formText(body, 'email').trim();
      if (!isEmailAddress(email)) return sendForgotPasswordPage(ctx, config, reply, 'invalid_email', 400);
      if (!(await takeNetworkMailRequest(ctx.db, 'reset', addressKey(request.ip))))
        return sendTooManyMailRequests(ctx, config, request, reply);
      await requestPasswordReset(ctx, { email });
      // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
      return reply.redirect(siteUrl(config, `${config.basePath}/login/forgot/`, { notice: 'reset_sent' }), 303);
    }),
  );

  const passwordLinkHandler = (kind: PasswordLinkKind, use: (token: string, password: string) => Promise<UserRow | null>) =>
    checked(async (request, reply, body) => {
      const token = formText(body, 'token');
      const state = await guessPasswordLink(ctx, request.ip, kind, token);
      if (!state) return sendTooManyGuesses(ctx, config, reply);
      if (state !== 'valid') return sendChoosePasswordPage(ctx, config, reply, { kind, token, state });
      let user: UserRow | null;
      try {
        // One character over the limit is kept, so an overlong password is refused rather than cut.
        user = await use(token, formText(body, 'password'));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'VALIDATION_FAILED')
          return sendChoosePasswordPage(ctx, config, reply, {
            kind,
            token,
            state,
            error: await (async () => {
              const t = await siteTranslator(ctx, request);
              const first = error.errors?.[0];
              return t.t('site.password.refused', {
                detail: first ? renderProblemText(t, first.detail) : renderProblemText(t, error.detail),
              });
            })(),
          });
        const layout = await layoutProps(ctx, config, request, reply);
        return sendPrivatePage(
          reply,
          MessagePage({ ...layout, title: layout.t.t('site.password.notCreated'), message: renderProblemText(layout.t, error.detail) }),
          error.status,
        );
      }
      // Used meanwhile by a concurrent request: the same page as a used link.
      if (!user) return sendChoosePasswordPage(ctx, config, reply, { kind, token, state: 'used' });
      await signIn(request, reply, user, 'password_link');
      const home = user.role === 'client' ? `${config.basePath}/tickets/` : `${config.basePath}/admin/`;
      return reply.redirect(siteUrl(config, home), 303);
    });

  app.post(
    '/login/confirm/',
    options,
    passwordLinkHandler('confirm', (token, password) => confirmAddress(ctx, token, password)),
  );
  app.post(
    '/login/reset/',
    options,
    passwordLinkHandler('reset', (token, password) => resetPassword(ctx, token, password)),
  );
  app.post(
    '/login/welcome/',
    options,
    passwordLinkHandler('welcome', (token, password) => acceptInvitation(ctx, token, password)),
  );
};
