import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { languageOf } from '../../../../common/i18n/languages.js';
import type { Config } from '../../../config/config-types.js';
import { saveAccountLanguage } from '../../../domain/people/keep-client-language.js';
import type { RouteServices } from '../../../http/services.js';
import { LANGUAGE_COOKIE } from '../../../i18n/choose-language.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { formText } from '../../shared/read-form.js';
import { safeReturnTo, siteUrl } from '../../shared/site-page.js';

const YEAR_S = 365 * 24 * 60 * 60;

/** Keeps the reader's choice for a year in the language cookie (read by every page: siteTranslator). */
function setLanguageCookie(reply: FastifyReply, config: Config, language: string) {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: `${config.basePath}/`,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.homeUrl.startsWith('https:'),
    maxAge: YEAR_S,
  });
}

/**
 * The language menu of every page (layout.tsx). Signed out it is a GET that only sets the cookie (a preference a
 * link with `?lang=` could set as well: nothing to forge); signed in it is a CSRF-checked POST that also saves
 * the account's language, so mails follow the choice. Either way the reader goes back to the page they were on.
 */
export const languageRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const options = { schema: { hide: true } };
  const back = (reply: FastifyReply, returnTo: unknown) =>
    reply.redirect(siteUrl(config, safeReturnTo(returnTo, config, `${config.basePath}/`)), 303);

  app.get('/language/', options, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const language = languageOf(typeof query.language === 'string' ? query.language : null);
    if (language) setLanguageCookie(reply, config, language);
    return back(reply, query.return_to);
  });

  app.post(
    '/language/',
    options,
    csrfCheckedForm(
      ctx,
      config,
    )(async (request, reply, body) => {
      const language = languageOf(formText(body, 'language'));
      if (language) {
        setLanguageCookie(reply, config, language);
        if (request.siteUser) await saveAccountLanguage(ctx.db, request.siteUser.id, language);
      }
      return back(reply, body.return_to);
    }),
  );
};
