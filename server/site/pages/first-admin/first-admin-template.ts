import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../auth/password-rule.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { isEmailAddress } from '../../../domain/people/email-address.js';
import { claimFirstAdmin, isFirstAdminTokenValid } from '../../../domain/people/first-admin.js';
import { isSingleLineText } from '../../../domain/text-rules.js';
import { AppError, renderProblemText } from '../../../errors.js';
import { signIn } from '../../../http/plugins/session.js';
import type { RouteServices } from '../../../http/services.js';
import { sendSetupPage } from '../../../onboarding/setup.routes.js';
import type { SiteFrame } from '../../shared/layout.js';
import { renderPage } from '../../shared/render-page.js';
import { siteFrameOf } from '../../shared/site-page.js';
import { siteTranslator } from '../../shared/site-translator.js';
import type { SiteTemplate } from '../../site-template.js';
import { FirstAdminPage } from './first-admin-page.js';

async function sendPage(
  ctx: DomainContext,
  config: Config,
  reply: FastifyReply,
  props: Omit<Parameters<typeof FirstAdminPage>[0], keyof SiteFrame>,
  status = 200,
) {
  const frame = await siteFrameOf(ctx, config, reply.request);
  // The token is a secret in the address: never cache the page or leak it in a Referer.
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .type('text/html; charset=utf-8')
    .send(renderPage(FirstAdminPage({ ...frame, ...props })));
}

/** GET /login/first-admin/?token=… — the one-time link printed at first start. */
export function firstAdminTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_first_admin === '1',
    async render(request, reply) {
      const token = request.query.get('token') ?? '';
      const valid = token !== '' && (await isFirstAdminTokenValid(ctx, token));
      return sendPage(ctx, config, reply, { token: valid ? token : undefined }, valid ? 200 : 410);
    },
  };
}

/** POST /login/first-admin/ — the form on that page; the token in the form is what authorizes it. */
export const firstAdminRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  app.post('/login/first-admin/', { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof form.token === 'string' ? form.token : '';
    const name = typeof form.name === 'string' ? form.name.trim() : '';
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    // One character over the limit is kept, so an overlong password is refused rather than cut.
    const password = typeof form.password === 'string' ? form.password.slice(0, MAX_PASSWORD_LENGTH + 1) : '';
    if (!name || name.length > 200 || !isSingleLineText(name) || !isEmailAddress(email)) {
      return sendPage(ctx, config, reply, { token, error: (await siteTranslator(ctx, request)).t('site.firstAdmin.nameAndEmail') }, 400);
    }
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      return sendPage(
        ctx,
        config,
        reply,
        {
          token,
          error: (await siteTranslator(ctx, request)).t('site.firstAdmin.passwordLength', {
            min: MIN_PASSWORD_LENGTH,
            max: MAX_PASSWORD_LENGTH,
          }),
        },
        400,
      );
    }
    try {
      const { user, apiToken } = await claimFirstAdmin(ctx, token, { name, email, password });
      // Signed in at once, so the admin app (/admin/) opens at once; the password chosen here signs in later.
      await signIn(request, reply, user, 'first_admin');
      // Straight on to the short setup (site name, sender, colour, who may file); the token is tucked away there.
      return sendSetupPage(ctx, config, request, reply, { apiToken });
    } catch (error) {
      if (error instanceof AppError) {
        const t = await siteTranslator(ctx, request);
        return sendPage(ctx, config, reply, { error: renderProblemText(t, error.detail) }, error.status);
      }
      throw error;
    }
  });
};
