import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { COMMENT_TEXT_MAX } from '../../../../common/limits.js';
import { addComment } from '../../../domain/comments/add-comment.js';
import { keepClientLanguage } from '../../../domain/people/keep-client-language.js';
import { isMultiLineText, isSingleLineText } from '../../../domain/text-rules.js';
import { fileTicket } from '../../../domain/tickets/file-ticket.js';
import { markTicketSolved } from '../../../domain/tickets/mark-ticket-solved.js';
import { AppError } from '../../../errors.js';
import { claimUploads } from '../../../files/claim-uploads.js';
import type { RouteServices } from '../../../http/services.js';
import { type ClientWrite, guardClientWrite } from '../../../intake/guard-client-writes.js';
import { getTicketFormFields } from '../../../settings/get-ticket-form-fields.js';
import { formFieldLabel } from '../../../settings/translate-schema.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { formId, formText, readForm } from '../../shared/read-form.js';
import { safeReturnTo, seeOther, seeSignIn, sendNotFound } from '../../shared/site-page.js';
import { siteTranslator } from '../../shared/site-translator.js';
import { siteUploads } from '../../shared/site-uploads.js';
import type { HeldField } from './held-form-page.js';
import { seeThread } from './see-thread.js';
import { sendHeldForm } from './send-held-form.js';
import { ticketFormInputName, ticketFormLimit } from './ticket-form-limit.js';

/**
 * The ticket pages' form posts: a signed-in client's reply and new ticket, each given back with what was
 * typed when a limit or the form refuses it.
 */
export const clientTicketRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config, counters }) => {
  const form = csrfCheckedForm(ctx, config);
  const options = { schema: { hide: true } };
  // Both forms may carry files (multipart/form-data): stored pending, claimed with the reply or ticket.
  const replyOptions = {
    ...options,
    preValidation: siteUploads(ctx, config, counters, { target: (_request, fields) => ticketIdIn(fields.ticket_id) }),
  };
  const newTicketOptions = { ...options, preValidation: siteUploads(ctx, config, counters) };
  // A signed-in client's ticket or reply over a limit (or stopped by the intake switch) gets the form
  // back with what was typed; true when it was answered so, false when the write may go ahead. (A
  // boolean, not the reply: awaiting a Fastify reply waits for the response and yields nothing.)
  const heldBack = async (reply: FastifyReply, write: ClientWrite, actionPath: string, fields: HeldField[]): Promise<boolean> => {
    try {
      await guardClientWrite(ctx, counters, write);
      return false;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await sendHeldForm(ctx, config, reply, error, actionPath, fields);
      return true;
    }
  };

  app.post(
    '/account/reply/',
    replyOptions,
    form(async (request, reply, body) => {
      const user = request.siteUser;
      const returnTo = safeReturnTo(body.return_to, config);
      if (!user) return seeSignIn(reply, config, returnTo);
      const ticketId = formId(body, 'ticket_id');
      const t = await siteTranslator(ctx, request);
      const read = readForm(body, [{ name: 'text', label: t.t('site.tickets.yourReply'), max: COMMENT_TEXT_MAX }], t);
      const replyText = read.values.get('text') ?? '';
      const heldFields: HeldField[] = [
        { name: 'ticket_id', value: String(ticketId) },
        { name: 'return_to', value: returnTo },
        { name: 'text', value: replyText, label: t.t('site.tickets.yourReply'), multiline: true, maxLength: COMMENT_TEXT_MAX },
      ];
      if (read.problem) return sendHeldForm(ctx, config, reply, read.problem, '/account/reply/', heldFields);
      if (!isMultiLineText(replyText))
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        return seeThread(ctx, config, reply, { path: returnTo, userId: user.id, ticketId, notice: 'invalid_text' });
      const held = await heldBack(reply, { kind: 'reply', userId: user.id, ip: request.ip, via: 'site' }, '/account/reply/', heldFields);
      if (held) return reply;
      try {
        // On the help site everyone answers their own tickets as the client.
        const uploads = request.uploads ?? [];
        await addComment(
          ctx,
          {
            ticketId,
            text: replyText,
            role: 'client',
            alsoWrite: uploads.length ? (trx, commentId) => claimUploads(trx, uploads, { ticketId, commentId }) : undefined,
          },
          { id: user.id, role: 'client' },
        );
        request.uploads = null;
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        return seeThread(ctx, config, reply, { path: returnTo, userId: user.id, ticketId, notice: 'reply_sent' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return sendNotFound(ctx, config, reply);
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED')
          // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
          return seeThread(ctx, config, reply, { path: returnTo, userId: user.id, ticketId, notice: 'reply_empty' });
        throw error;
      }
    }),
  );

  app.post(
    '/account/solve/',
    options,
    form(async (request, reply, body) => {
      const user = request.siteUser;
      const returnTo = safeReturnTo(body.return_to, config);
      if (!user) return seeSignIn(reply, config, returnTo);
      const ticketId = formId(body, 'ticket_id');
      try {
        await markTicketSolved(ctx, user.id, ticketId);
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        return seeThread(ctx, config, reply, { path: returnTo, userId: user.id, ticketId, notice: 'ticket_solved' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return sendNotFound(ctx, config, reply);
        throw error;
      }
    }),
  );

  app.post(
    '/account/new-ticket/',
    newTicketOptions,
    form(async (request, reply, body) => {
      const user = request.siteUser;
      const returnTo = safeReturnTo(body.return_to, config, `${config.basePath}/tickets/new/`);
      if (!user) return seeSignIn(reply, config, returnTo);
      const [fields, t] = await Promise.all([getTicketFormFields(ctx), siteTranslator(ctx, request)]);
      const read = readForm(
        body,
        fields.map((field) => ({ name: ticketFormInputName(field), label: formFieldLabel(field, t), max: ticketFormLimit(field) })),
        t,
      );
      const values = new Map<string, string>();
      for (const field of fields) {
        let value = (read.values.get(ticketFormInputName(field)) ?? '').trim();
        if (field.type === 'checkbox') value = value ? '1' : '';
        values.set(field.key, value);
      }
      const idempotencyKey = /^[\w-]{8,100}$/.test(formText(body, 'idempotency_key')) ? formText(body, 'idempotency_key') : undefined;
      // What was typed, for a form given back (too long, over a limit, intake stopped) to send again.
      const heldFields = (): HeldField[] => [
        { name: 'return_to', value: returnTo },
        ...(idempotencyKey ? [{ name: 'idempotency_key', value: idempotencyKey }] : []),
        ...fields.map((field) => ({
          name: ticketFormInputName(field),
          value: values.get(field.key) ?? '',
          // Choices travel hidden (the page has no list to choose from); what was typed can be edited.
          ...((field.type === 'text' || field.type === 'textarea') && {
            label: formFieldLabel(field, t),
            multiline: field.type === 'textarea',
            maxLength: ticketFormLimit(field),
          }),
        })),
      ];
      if (read.problem) return sendHeldForm(ctx, config, reply, read.problem, '/account/new-ticket/', heldFields());
      for (const field of fields) {
        const value = values.get(field.key) ?? '';
        if (!(field.type === 'textarea' ? isMultiLineText(value) : isSingleLineText(value)))
          // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
          return seeOther(reply, config, returnTo, { notice: 'invalid_text' });
        if (field.type === 'select' && !field.builtin && value && !(field.options ?? []).includes(value))
          // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
          return seeOther(reply, config, returnTo, { notice: 'invalid_form' });
        // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
        if (field.required && !value) return seeOther(reply, config, returnTo, { notice: 'invalid_form' });
      }
      const id = (key: string) => (/^\d{1,12}$/.test(values.get(key) ?? '') ? Number(values.get(key)) : undefined);
      const uploads = request.uploads ?? [];
      try {
        const result = await fileTicket(ctx, counters, {
          channel: { via: 'site', userId: user.id },
          ip: request.ip,
          ticket: {
            name: user.name,
            email: user.email,
            subject: values.get('subject') ?? '',
            description: values.get('description') ?? '',
            product: id('product'),
            reason: id('reason'),
            urgency: id('urgency'),
            orderId: values.get('order_id') || undefined,
            meta: Object.fromEntries(
              fields.filter((f) => !f.builtin && values.get(f.key)).map((f) => [`custom_${f.key}`, values.get(f.key) as string]),
            ),
            idempotencyKey,
            language: t.language,
            alsoWrite: uploads.length ? (trx, ticketId) => claimUploads(trx, uploads, { ticketId, commentId: null }) : undefined,
          },
        });
        if (result.kind === 'created') {
          request.uploads = null;
          // The client's first ticket tells the language of their mails: the page's, unless they have one already.
          if (user.language === null) await keepClientLanguage(ctx.db, user.id, t.language);
        }
        switch (result.kind) {
          case 'created':
          case 'duplicate':
            // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
            return seeOther(reply, config, `${config.basePath}/tickets/`, {
              ticket: String(result.ticket.number),
              // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
              notice: 'ticket_created',
            });
          case 'limited':
          case 'refused':
            return sendHeldForm(ctx, config, reply, result.problem, '/account/new-ticket/', heldFields());
          case 'received':
            // Only the API gives the privacy answer; a signed-in person's ticket is always filed or refused.
            throw new Error('fileTicket answered "received" to the help site');
        }
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED')
          // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
          return seeOther(reply, config, returnTo, { notice: 'invalid_form' });
        throw error;
      }
    }),
  );
};

function ticketIdIn(value: string | undefined): number | undefined {
  return value && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}
