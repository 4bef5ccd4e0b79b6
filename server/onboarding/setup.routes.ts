import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey } from '../../common/i18n/message-keys.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { AppError } from '../errors.js';
import { assertCsrf, csrfToken } from '../http/plugins/session.js';
import type { RouteServices } from '../http/services.js';
import { renderPage } from '../site/shared/render-page.js';
import { siteFrameOf } from '../site/shared/site-page.js';
import { siteTranslator } from '../site/shared/site-translator.js';
import { EmbedPage, TryWidgetPage } from './embed-page.js';
import { embedSnippet } from './embed-snippet.js';
import { describeMailDestination } from './mail-destination.js';
import { browserOriginOf, publicAddressWarning } from './public-address.js';
import { readNewVisitorAccess } from './read-new-visitor-access.js';
import { SetupPage } from './setup-page.js';
import { readSetupForm, readSetupValues, type SetupValues, saveSetupValues } from './setup-values.js';

const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/** Renders the setup form; used by these routes and right after the first-admin link was used. */
export async function sendSetupPage(
  ctx: DomainContext,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { values?: SetupValues; errors?: Record<string, MessageKey>; apiToken?: string; status?: number } = {},
): Promise<FastifyReply> {
  const [frame, csrf] = await Promise.all([siteFrameOf(ctx, config, request), csrfToken(request, reply)]);
  const mail = await describeMailDestination(ctx, config, frame.t);
  const access = await readNewVisitorAccess(ctx);
  const page = SetupPage({
    ...frame,
    csrf,
    values: options.values ?? (await readSetupValues(ctx, options.apiToken !== undefined, access)),
    access,
    errors: options.errors ?? {},
    mailNotice: mail.isSmtp ? null : mail.text,
    apiToken: options.apiToken,
    publicAddress: publicAddressWarning(config.homeUrl, browserOriginOf(request)),
  });
  return reply
    .status(options.status ?? 200)
    .headers(PRIVATE)
    .type('text/html; charset=utf-8')
    .send(renderPage(page));
}

/**
 * The owner's first hour, server-rendered (no JavaScript needed): /admin/setup/ (site name, sender,
 * brand colour, who may file), /admin/setup/embed/ (the snippet), /admin/setup/try/ (the widget on a
 * sample page). Admins only; anyone else is sent to the admin app's sign-in.
 */
export const setupRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const options = { schema: { hide: true } };
  const adminOrSignIn = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.siteUser?.role === 'admin') return true;
    reply.redirect(`${config.homeUrl}/admin/`, 303);
    return false;
  };
  const sendHtml = (reply: FastifyReply, html: string) => reply.headers(PRIVATE).type('text/html; charset=utf-8').send(html);

  app.get('/admin/setup/', options, async (request, reply) => {
    if (!adminOrSignIn(request, reply)) return reply;
    return sendSetupPage(ctx, config, request, reply);
  });

  app.post('/admin/setup/', options, async (request, reply) => {
    try {
      await assertCsrf(request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const t = await siteTranslator(ctx, request);
      return reply.status(403).headers(PRIVATE).type('text/plain; charset=utf-8').send(t.t('site.formExpired.text'));
    }
    if (!adminOrSignIn(request, reply)) return reply;
    const { values, errors } = readSetupForm((request.body ?? {}) as Record<string, unknown>);
    if (Object.keys(errors).length > 0) return sendSetupPage(ctx, config, request, reply, { values, errors, status: 400 });
    await saveSetupValues(ctx, values);
    return reply.redirect(`${config.homeUrl}/admin/setup/embed/?saved=1`, 303);
  });

  app.get('/admin/setup/embed/', options, async (request, reply) => {
    if (!adminOrSignIn(request, reply)) return reply;
    const frame = await siteFrameOf(ctx, config, request);
    const saved = (request.query as Record<string, string | undefined>).saved === '1';
    const refusesNewVisitors = !(await readNewVisitorAccess(ctx)).newVisitors;
    return sendHtml(
      reply,
      renderPage(
        EmbedPage({
          ...frame,
          snippet: embedSnippet(config.homeUrl),
          saved,
          refusesNewVisitors,
          publicAddress: publicAddressWarning(config.homeUrl, browserOriginOf(request)),
        }),
      ),
    );
  });

  app.get('/admin/setup/try/', options, async (request, reply) => {
    if (!adminOrSignIn(request, reply)) return reply;
    return sendHtml(reply, renderPage(TryWidgetPage(await siteFrameOf(ctx, config, request))));
  });
};
