import type { FastifyReply } from 'fastify';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import type { AppError } from '../../../errors.js';
import { layoutProps, sendPrivatePage } from '../../shared/site-page.js';
import { type HeldField, HeldFormPage } from './held-form-page.js';

const HELD_TITLES: Partial<Record<AppError['code'], string>> = {
  INTAKE_OFFLINE: 'Not taking new tickets right now',
  VALIDATION_FAILED: 'Please check what you typed',
  REGISTRATION_CLOSED: 'This account cannot file tickets',
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
  const title = HELD_TITLES[error.code] ?? 'Please wait a little';
  const page = HeldFormPage({
    ...layout,
    title,
    message: error.message,
    action: `${config.homeUrl}${actionPath}`,
    csrf: layout.csrf,
    fields,
  });
  return sendPrivatePage(reply, page, error.status, error.headers);
}
