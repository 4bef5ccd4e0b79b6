import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { COMMENT_TEXT_MAX, TICKET_FIELD_LIMITS } from '../../../common/limits.js';
import { allowsPassword, getLoginMethod, login, sendSignInLink, signUp } from '../../auth/auth.js';
import { GUESS_RETRY_AFTER_S, refundGuess, takeGuess } from '../../auth/guess-limits.js';
import { takeNetworkMailRequest } from '../../auth/mail-request-limits.js';
import { consumeTicketLink, inspectTicketLink } from '../../auth/ticket-links.js';
import { addComment } from '../../domain/add-comment.js';
import { isEmailAddress } from '../../domain/email-address.js';
import { fileTicket } from '../../domain/file-ticket.js';
import { markTicketSolved } from '../../domain/mark-ticket-solved.js';
import { isMultiLineText, isSingleLineText } from '../../domain/text-rules.js';
import { AppError } from '../../errors.js';
import { addressKey } from '../../http/client-address.js';
import { signIn, signOut } from '../../http/plugins/session.js';
import type { RouteServices } from '../../http/services.js';
import { type ClientWrite, guardClientWrite } from '../../intake/guard-client-writes.js';
import { getTicketFormFields } from '../../settings/settings.js';
import type { HeldField } from '../pages/held-form-page.js';
import { TicketLinkPage } from '../pages/ticket-link-page.js';
import { ticketFormInputName, ticketFormLimit } from '../ticket-form-limit.js';
import { sendAccountDisabled, sendLoginPage, sendTooManyGuesses } from './account-templates.js';
import { csrfCheckedForm } from './csrf-checked-form.js';
import { sendTooManyMailRequests } from './password.routes.js';
import { type Form, formText, readForm } from './read-form.js';
import { sendHeldForm } from './send-held-form.js';
import { layoutProps, safeReturnTo, sendNotFound, sendPrivatePage, siteUrl } from './site-page.js';

const emailIn = (form: Form): string => formText(form, 'email').trim();

/**
 * The help site's form posts: sign-in (link, password, mailed ticket link), sign-up, sign-out, client
 * replies and new tickets. Each checks the CSRF token first; each answers with a 303 to a page.
 */
export const accountRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config, counters }) => {
  const see = (reply: FastifyReply, path: string, params: Record<string, string> = {}) =>
    reply.redirect(siteUrl(config, path, params), 303);
  const loginPath = `${config.basePath}/login/`;

  const form = csrfCheckedForm(ctx, config);
  const options = { schema: { hide: true } };
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
  // A refused address is answered at once with a 400 (the login view naming the email field): it
  // never reaches login(), sign-up or the mail queue.
  const refuseEmail = (reply: FastifyReply, returnTo: string) =>
    sendLoginPage(ctx, config, reply, { notice: 'invalid_email', returnTo, status: 400 });

  app.post(
    '/login/',
    options,
    form(async (request, reply, body) => {
      const returnTo = safeReturnTo(body.return_to, config);
      const email = emailIn(body);
      if (!isEmailAddress(email)) return refuseEmail(reply, returnTo);
      try {
        const result = await login(ctx, { email, password: formText(body, 'password'), ip: request.ip });
        if (result.kind === 'rate_limited') {
          const retryAfter = String(result.retryAfterS ?? GUESS_RETRY_AFTER_S);
          // The first waits of the backoff are seconds; saying "minutes" would send people away.
          const notice = Number(retryAfter) < 60 ? 'login_slowed' : 'login_throttled';
          return sendLoginPage(ctx, config, reply.header('retry-after', retryAfter), { notice, returnTo, status: 429 });
        }
        if (result.kind === 'signed_in') {
          await signIn(request, reply, result.user);
          return see(reply, returnTo);
        }
        if (result.kind === 'wrong_password') return see(reply, loginPath, { notice: 'bad_login' });
        return see(reply, loginPath, { notice: 'link_sent' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'ACCOUNT_DISABLED') return see(reply, loginPath, { notice: 'account_disabled' });
        if (error instanceof AppError && error.code === 'FORBIDDEN') return see(reply, loginPath, { notice: 'bad_login' });
        throw error;
      }
    }),
  );

  app.post(
    '/login/link/',
    options,
    form(async (request, reply, body) => {
      const email = emailIn(body);
      if (!isEmailAddress(email)) return refuseEmail(reply, safeReturnTo(body.return_to, config));
      try {
        const result = await login(ctx, { email, ip: request.ip });
        return see(reply, loginPath, { notice: result.kind === 'rate_limited' ? 'rate_limited' : 'link_sent' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'FORBIDDEN') return see(reply, loginPath, { notice: 'bad_login' });
        throw error;
      }
    }),
  );

  app.post(
    '/signup/',
    options,
    form(async (request, reply, body) => {
      const read = readForm(body, [{ name: 'name', label: 'Your name', max: TICKET_FIELD_LIMITS.name }]);
      const name = (read.values.get('name') ?? '').trim();
      const email = emailIn(body);
      if (!isEmailAddress(email)) return refuseEmail(reply, safeReturnTo(body.return_to, config));
      if (read.problem)
        return sendLoginPage(ctx, config, reply, { notice: 'name_too_long', returnTo: safeReturnTo(body.return_to, config), status: 400 });
      if (!isSingleLineText(name))
        return sendLoginPage(ctx, config, reply, { notice: 'invalid_text', returnTo: safeReturnTo(body.return_to, config), status: 400 });
      if (!name) return see(reply, loginPath, { notice: 'invalid_form' });
      // Per network; the per-address limit is inside signUp and answers like a sent mail.
      if (!(await takeNetworkMailRequest(ctx.db, 'signup', addressKey(request.ip))))
        return sendTooManyMailRequests(ctx, config, request, reply);
      try {
        const result = await signUp(ctx, { name, email, ip: request.ip });
        // A password sign-up never signs in: the same "check your mail" whether or not the address has an account.
        if (allowsPassword(await getLoginMethod(ctx))) return see(reply, loginPath, { notice: 'check_mail' });
        return see(reply, loginPath, { notice: result.kind === 'rate_limited' ? 'rate_limited' : 'link_sent' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const notice = { REGISTRATION_CLOSED: 'registration_closed' }[error.code as string] ?? 'invalid_form';
        return see(reply, loginPath, { notice });
      }
    }),
  );

  app.post(
    '/logout/',
    options,
    form(async (request, reply) => {
      await signOut(request, reply);
      return see(reply, loginPath, { notice: 'signed_out' });
    }),
  );

  // The confirm button of a mailed link: uses the token once, starts a fresh session, and lands on a
  // clean address (the token leaves the address bar).
  app.post(
    '/login/ticket/',
    options,
    form(async (request, reply, body) => {
      const token = formText(body, 'token');
      if (!(await takeGuess(ctx.db, 'token', request.ip))) return sendTooManyGuesses(ctx, config, reply);
      const used = await consumeTicketLink(ctx.db, token);
      if (used) {
        await refundGuess(ctx.db, 'token', request.ip);
        if (used.user.disabled_at) return sendAccountDisabled(ctx, config, reply);
        await signIn(request, reply, used.user);
        return see(reply, `${config.basePath}/tickets/`, used.ticketId ? { ticket: String(used.ticketId) } : {});
      }
      const link = await inspectTicketLink(ctx.db, token);
      if (link.state !== 'unknown') await refundGuess(ctx.db, 'token', request.ip);
      if (link.state !== 'unknown' && link.user.disabled_at) return sendAccountDisabled(ctx, config, reply);
      const layout = await layoutProps(ctx, config, request, reply);
      return sendPrivatePage(
        reply,
        TicketLinkPage({ ...layout, state: link.state === 'valid' ? 'used' : link.state, token, notice: null }),
        link.state === 'unknown' ? 404 : 410,
        {
          'referrer-policy': 'no-referrer',
        },
      );
    }),
  );

  app.post(
    '/login/fresh-link/',
    options,
    form(async (request, reply, body) => {
      const token = formText(body, 'token');
      if (!(await takeGuess(ctx.db, 'token', request.ip))) return sendTooManyGuesses(ctx, config, reply);
      const link = await inspectTicketLink(ctx.db, token);
      if (link.state !== 'unknown') await refundGuess(ctx.db, 'token', request.ip);
      if (link.state !== 'unknown' && link.user.disabled_at) return sendAccountDisabled(ctx, config, reply);
      let notice: string | null = null;
      if (link.state === 'used' || link.state === 'expired') {
        notice = (await sendSignInLink(ctx, link.user, link.ticketId, request.ip)) ? 'fresh_link_sent' : 'rate_limited';
      }
      const layout = await layoutProps(ctx, config, request, reply);
      const state = link.state === 'valid' ? 'valid' : link.state;
      return sendPrivatePage(reply, TicketLinkPage({ ...layout, state, token, notice }), notice === 'rate_limited' ? 429 : 200, {
        'referrer-policy': 'no-referrer',
      });
    }),
  );

  app.post(
    '/account/reply/',
    options,
    form(async (request, reply, body) => {
      const user = request.siteUser;
      const returnTo = safeReturnTo(body.return_to, config);
      if (!user) return see(reply, loginPath, { notice: 'sign_in_first', return_to: returnTo });
      const ticketId = /^\d{1,12}$/.test(formText(body, 'ticket_id')) ? Number(formText(body, 'ticket_id')) : -1;
      const read = readForm(body, [{ name: 'text', label: 'Your reply', max: COMMENT_TEXT_MAX }]);
      const replyText = read.values.get('text') ?? '';
      const heldFields: HeldField[] = [
        { name: 'ticket_id', value: String(ticketId) },
        { name: 'return_to', value: returnTo },
        { name: 'text', value: replyText, label: 'Your reply', multiline: true, maxLength: COMMENT_TEXT_MAX },
      ];
      if (read.problem) return sendHeldForm(ctx, config, reply, read.problem, '/account/reply/', heldFields);
      if (!isMultiLineText(replyText)) return see(reply, returnTo, { ticket: String(ticketId), notice: 'invalid_text' });
      const held = await heldBack(reply, { kind: 'reply', userId: user.id, ip: request.ip, via: 'site' }, '/account/reply/', heldFields);
      if (held) return reply;
      try {
        // On the help site everyone answers their own tickets as the client.
        await addComment(ctx, { ticketId, text: replyText, role: 'client' }, { id: user.id, role: 'client' });
        return see(reply, returnTo, { ticket: String(ticketId), notice: 'reply_sent' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return sendNotFound(ctx, config, reply);
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED')
          return see(reply, returnTo, { ticket: String(ticketId), notice: 'reply_empty' });
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
      if (!user) return see(reply, loginPath, { notice: 'sign_in_first', return_to: returnTo });
      const ticketId = /^\d{1,12}$/.test(formText(body, 'ticket_id')) ? Number(formText(body, 'ticket_id')) : -1;
      try {
        await markTicketSolved(ctx, user.id, ticketId);
        return see(reply, returnTo, { ticket: String(ticketId), notice: 'ticket_solved' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return sendNotFound(ctx, config, reply);
        throw error;
      }
    }),
  );

  app.post(
    '/account/new-ticket/',
    options,
    form(async (request, reply, body) => {
      const user = request.siteUser;
      const returnTo = safeReturnTo(body.return_to, config, `${config.basePath}/tickets/new/`);
      if (!user) return see(reply, loginPath, { notice: 'sign_in_first', return_to: returnTo });
      const fields = await getTicketFormFields(ctx);
      const read = readForm(
        body,
        fields.map((field) => ({ name: ticketFormInputName(field), label: field.label, max: ticketFormLimit(field) })),
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
            label: field.label,
            multiline: field.type === 'textarea',
            maxLength: ticketFormLimit(field),
          }),
        })),
      ];
      if (read.problem) return sendHeldForm(ctx, config, reply, read.problem, '/account/new-ticket/', heldFields());
      for (const field of fields) {
        const value = values.get(field.key) ?? '';
        if (!(field.type === 'textarea' ? isMultiLineText(value) : isSingleLineText(value)))
          return see(reply, returnTo, { notice: 'invalid_text' });
        if (field.type === 'select' && !field.builtin && value && !(field.options ?? []).includes(value))
          return see(reply, returnTo, { notice: 'invalid_form' });
        if (field.required && !value) return see(reply, returnTo, { notice: 'invalid_form' });
      }
      const id = (key: string) => (/^\d{1,12}$/.test(values.get(key) ?? '') ? Number(values.get(key)) : undefined);
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
          },
        });
        switch (result.kind) {
          case 'created':
          case 'duplicate':
            return see(reply, `${config.basePath}/tickets/`, { ticket: String(result.ticket.id), notice: 'ticket_created' });
          case 'limited':
          case 'refused':
            return sendHeldForm(ctx, config, reply, result.problem, '/account/new-ticket/', heldFields());
          case 'received':
            // Only the API gives the privacy answer; a signed-in person's ticket is always filed or refused.
            throw new Error('fileTicket answered "received" to the help site');
        }
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return see(reply, returnTo, { notice: 'invalid_form' });
        throw error;
      }
    }),
  );
};
