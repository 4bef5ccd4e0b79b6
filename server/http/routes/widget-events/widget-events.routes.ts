import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { message } from '../../../../common/i18n/translator.js';
import { readBeforeFiling } from '../../../domain/deflection/read-before-filing.js';
import { readDeflection } from '../../../domain/deflection/read-deflection.js';
import { recordWidgetEvent } from '../../../domain/deflection/record-widget-event.js';
import { findTicket } from '../../../domain/tickets/find-ticket.js';
import { AppError } from '../../../errors.js';
import { hitLimits } from '../../../intake/counted-limits.js';
import { hiddenTicket } from '../../../policies/ticket-policy.js';
import { addressKey } from '../../../security/client-address.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { deflectionSchema, readBeforeFilingSchema, widgetEventSchema } from './widget-events.schema.js';

/** Events per address per minute: a widget session sends a dozen at most; a page of sessions a few times that. */
export const WIDGET_EVENTS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

/**
 * Deflection (issue 38): the widget's events (public, like its other routes: CORS in public-requests.ts, form-
 * encoded so no preflight), and for staff the docs a ticket's filer was shown before filing.
 */
export const widgetEventsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config, counters }) => {
  app.post('/widget-events', { schema: widgetEventSchema }, async (request, reply) => {
    const exceeded = await hitLimits(counters, [
      { name: 'limit_widget_events', key: `widget-events:m:${addressKey(request.ip)}`, windowMs: MINUTE_MS, max: WIDGET_EVENTS_PER_MINUTE },
    ]);
    if (exceeded) throw new AppError('RATE_LIMITED', message('problems.detail.rate_limited')).withHeaders(exceeded.headers);
    const body = request.body;
    await recordWidgetEvent(ctx, {
      session: body.session,
      event: body.event,
      docId: body.doc_id,
      // Only a search that found nothing is kept, and only its text (the widget sends it with `typed`).
      query: body.event === 'typed' ? body.query : undefined,
    });
    return reply.code(204).send();
  });

  app.get('/tickets/:id/read-before-filing', { schema: readBeforeFilingSchema }, async (request, reply) => {
    requireStaff(request);
    const id = request.params.id;
    if (!(await findTicket(ctx, id))) throw hiddenTicket();
    const docs = await readBeforeFiling(ctx, id);
    reply.header('cache-control', 'no-store');
    return {
      docs: docs.map((doc) => ({
        id: doc.id,
        title: doc.title,
        link: `${config.homeUrl}/docs/${encodeURIComponent(doc.slug)}/`,
        opened: doc.opened,
      })),
    };
  });

  app.get('/deflection', { schema: deflectionSchema }, async (request, reply) => {
    requireStaff(request);
    const days = request.query.days ?? 30;
    const since = new Date(ctx.now().getTime() - days * 86_400_000).toISOString();
    const report = await readDeflection(ctx, since);
    const { docOpened, rate, ...funnel } = report.funnel;
    reply.header('cache-control', 'no-store');
    return {
      days,
      funnel: { ...funnel, doc_opened: docOpened },
      rate,
      docs: report.docs.map((d) => ({ id: d.id, title: d.title, helped: d.helped, not_helped: d.notHelped })),
      empty_searches: report.emptySearches.map((s) => ({ query: s.query, sessions: s.count })),
    };
  });
};
