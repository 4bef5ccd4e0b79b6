import type { FastifyReply } from 'fastify';
import type { MessageKey } from '../../../../common/i18n/message-keys.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { type AppError, renderProblemText } from '../../../errors.js';
import { layoutProps, sendPrivatePage } from '../../shared/site-page.js';
import { type HeldField, HeldFormPage } from './held-form-page.js';

const HELD_TITLES: Partial<Record<AppError['code'], MessageKey>> = {
  INTAKE_OFFLINE: 'site.held.offline',
  VALIDATION_FAILED: 'site.held.check',
  REGISTRATION_CLOSED: 'site.held.closed',
};

/**
 * Answers a form post a limit, the intake switch or an over-long input refused: the problem's status and headers
 * (Retry-After), its message in plain words, and the typed values in a form to send again.
 */
export async function sendHeldForm(
  ctx: DomainContext,
  config: Config,
  reply: FastifyReply,
  error: AppError,
  actionPath: string,
  fields: HeldField[],
) {
  const layout = await layoutProps(ctx, config, reply.request, reply);
  const title = layout.t.t(HELD_TITLES[error.code] ?? 'site.held.wait');
  const page = HeldFormPage({
    ...layout,
    title,
    message: renderProblemText(layout.t, error.detail),
    action: `${config.homeUrl}${actionPath}`,
    csrf: layout.csrf,
    fields,
  });
  return sendPrivatePage(reply, page, error.status, error.headers);
}
