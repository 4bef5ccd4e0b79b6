import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config-types.js';
import type { DomainContext } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import { assertCsrf } from '../../http/plugins/session.js';
import { MessagePage } from './message-page.js';
import type { Form } from './read-form.js';
import { layoutProps, sendPrivatePage } from './site-page.js';

type FormHandler = (request: FastifyRequest, reply: FastifyReply, body: Form) => Promise<unknown>;

/**
 * Wraps the handler of a help-site form post: a post that fails its CSRF check gets a page a person
 * can act on ("Form expired", 403), not a JSON problem; otherwise the handler gets the posted form.
 */
export function csrfCheckedForm(ctx: DomainContext, config: Config) {
  return (handler: FormHandler) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await assertCsrf(request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const layout = await layoutProps(ctx, config, request, reply);
      return sendPrivatePage(
        reply,
        MessagePage({ ...layout, title: layout.t.t('site.formExpired.title'), message: layout.t.t('site.formExpired.text') }),
        403,
      );
    }
    return handler(request, reply, (request.body ?? {}) as Form);
  };
}
