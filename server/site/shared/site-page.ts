import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import type { Config } from '../../config/config-types.js';
import type { DomainContext } from '../../domain/context.js';
import { csrfToken } from '../../http/plugins/session.js';
import { siteLogoUrl } from '../../settings/site-logo.js';
import { getSiteOptions } from '../../settings/site-options.js';
import { safeReturnPath } from '../safe-return-path.js';
import type { LayoutProps, SiteFrame } from './layout.js';
import { NotFoundPage } from './not-found-page.js';
import { renderPage } from './render-page.js';
import { LANGUAGE_VARY, siteTranslator } from './site-translator.js';

/** The site's name, address, logo and colour and the reader's language, for a page's header (SiteFrame). */
export async function siteFrameOf(ctx: DomainContext, config: Config, request: FastifyRequest): Promise<SiteFrame> {
  const [{ site_name, logo_version, brand_color }, t] = await Promise.all([getSiteOptions(ctx.db), siteTranslator(ctx, request)]);
  return {
    siteName: site_name,
    homeUrl: config.homeUrl,
    logoUrl: siteLogoUrl(config.homeUrl, logo_version),
    brandColor: brand_color,
    t,
    pagePath: returnPathOf(request.url),
  };
}

/** This request's path and query without `lang`, for the language menu to send the reader back to. */
export function returnPathOf(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = new URLSearchParams(url.slice(mark + 1));
  query.delete('lang');
  const rest = query.toString();
  return rest ? `${url.slice(0, mark)}?${rest}` : url.slice(0, mark);
}

/** What every account page's layout needs: site name, home URL, the signed-in client (with the sign-out form's token). */
export async function layoutProps(
  ctx: DomainContext,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Omit<LayoutProps, 'title' | 'children'> & { csrf: string }> {
  const [frame, csrf] = await Promise.all([siteFrameOf(ctx, config, request), csrfToken(request, reply)]);
  const user = request.siteUser;
  return {
    ...frame,
    csrf,
    ...(user && { account: { name: user.name, csrf, isStaff: user.role !== 'client' } }),
  };
}

/** Sends a page that depends on who is signed in: never cached, no Referer leaks. */
export function sendPrivatePage(reply: FastifyReply, page: ReactElement, status = 200, headers: Record<string, string> = {}) {
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', 'referrer-policy': 'same-origin', vary: LANGUAGE_VARY, ...headers })
    .type('text/html; charset=utf-8')
    .send(renderPage(page));
}

/** The one 404 page: also for a ticket that exists but is someone else's. */
export async function sendNotFound(ctx: DomainContext, config: Config, reply: FastifyReply) {
  return sendPrivatePage(reply, NotFoundPage({ ...(await siteFrameOf(ctx, config, reply.request)), pagePath: undefined }), 404);
}

/** A `return_to` value made safe (see safeReturnPath): a path under the help site, else the default. */
export function safeReturnTo(value: unknown, config: Config, fallback = `${config.basePath}/tickets/`): string {
  return safeReturnPath(value, config.basePath, fallback);
}

/** An absolute address on the help site for a path from `safeReturnTo`, with extra query values. */
export function siteUrl(config: Config, path: string, params: Record<string, string> = {}): string {
  const url = new URL(path, new URL(config.homeUrl).origin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** The answer to a form post: a 303 to a help-site page (the browser then GETs it), `params` in its query. */
export function seeOther(reply: FastifyReply, config: Config, path: string, params: Record<string, string> = {}) {
  return reply.redirect(siteUrl(config, path, params), 303);
}

/** A form posted by someone signed out: to the login page, which asks them to sign in and then goes back to `returnTo`. */
export function seeSignIn(reply: FastifyReply, config: Config, returnTo: string) {
  // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
  return seeOther(reply, config, `${config.basePath}/login/`, { notice: 'sign_in_first', return_to: returnTo });
}
