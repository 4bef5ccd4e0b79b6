import type { FastifyRequest } from 'fastify';
import { createContext, useContext } from 'react';
import type { Translator } from '../../../common/i18n/translator.js';
import type { DomainContext } from '../../domain/context.js';
import { chooseLanguage, LANGUAGE_COOKIE } from '../../i18n/choose-language.js';
import { english, translatorFor } from '../../i18n/translators.js';
import { getSiteOptions } from '../../settings/site-options.js';

/** The page's translator for the components a page renders (the layout provides it; English outside a page). */
export const SiteTranslator = createContext<Translator>(english);

/** The translator of the page being rendered, for a component inside the layout. */
export function useSiteT(): Translator {
  return useContext(SiteTranslator);
}

const chosen = new WeakMap<FastifyRequest, Promise<Translator>>();

/**
 * The reader's language for this help-site request (`?lang=`, the language menu's cookie, the signed-in account's
 * own, `Accept-Language`, the site's) and the zone times are shown in (the account's own, else the site's).
 * Chosen once per request.
 */
export function siteTranslator(ctx: DomainContext, request: FastifyRequest): Promise<Translator> {
  let translator = chosen.get(request);
  if (!translator) {
    translator = getSiteOptions(ctx.db).then((options) => {
      const user = request.siteUser;
      const query = (request.query ?? {}) as Record<string, unknown>;
      const language = chooseLanguage({
        query: typeof query.lang === 'string' ? query.lang : null,
        cookie: request.cookies?.[LANGUAGE_COOKIE],
        account: user?.language,
        acceptLanguage: request.headers['accept-language'],
        site: options.site_language,
      });
      return translatorFor(language, user?.time_zone ?? options.time_zone);
    });
    chosen.set(request, translator);
  }
  return translator;
}

/** `Vary` of a page whose language follows the request's: a shared cache keeps one copy per language. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';
