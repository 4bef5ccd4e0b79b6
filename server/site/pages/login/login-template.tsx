import type { FastifyReply } from 'fastify';
import { getLoginMethod } from '../../../auth/auth.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { canRegisterUsers } from '../../../domain/people/find-or-create-client.js';
import { layoutProps, safeReturnTo, sendPrivatePage } from '../../shared/site-page.js';
import type { SiteTemplate } from '../../site-template.js';
import { LoginPage } from './login-page.js';

/** GET /login/: the login form view following Login → method, with the sign-up panel when registration is allowed. */
export function loginTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_login === '1',
    async render(front, reply) {
      return sendLoginPage(ctx, config, reply, {
        notice: front.query.get('notice'),
        returnTo: safeReturnTo(front.query.get('return_to'), config),
      });
    },
  };
}

/** The login view with a notice; a form post answers with it directly (status 400) when a field is refused. */
export async function sendLoginPage(
  ctx: DomainContext,
  config: Config,
  reply: FastifyReply,
  options: { notice: string | null; returnTo: string; status?: number },
) {
  const [layout, method, canRegister] = await Promise.all([
    layoutProps(ctx, config, reply.request, reply),
    getLoginMethod(ctx),
    canRegisterUsers(ctx),
  ]);
  return sendPrivatePage(
    reply,
    LoginPage({ ...layout, method, canRegister, notice: options.notice, returnTo: options.returnTo }),
    options.status,
  );
}
