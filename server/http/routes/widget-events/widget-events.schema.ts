import { Type } from '@sinclair/typebox';
import { WIDGET_EVENTS } from '../../../domain/deflection/widget-event-names.js';
import { IdParams, problemResponses } from '../shared.schema.js';

/** The widget's random id for one page session (a-z, A-Z, 0-9, - and _). */
export const WidgetSession = Type.String({
  minLength: 16,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The random id the widget makes for one page session (16 to 64 of A–Z, a–z, 0–9, - and _); names no person.',
});

export const WidgetEventBody = Type.Object({
  session: WidgetSession,
  event: Type.Union(
    WIDGET_EVENTS.filter((e) => e !== 'submitted').map((e) => Type.Literal(e)),
    {
      description:
        'What happened: the widget opened, the visitor typed, docs were shown, one opened, and the answer to "Did this answer your question?"',
    },
  ),
  doc_id: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The doc shown, opened or answered about (shown, doc_opened, helped, not_helped).' }),
  ),
  query: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        'With `typed`, only when the search found no doc: kept for the "searches that found nothing" list, without addresses and numbers.',
    }),
  ),
});

export const widgetEventSchema = {
  summary: 'Records what a widget session did (idempotent per session, event and doc; limited per address)',
  tags: ['tickets'],
  body: WidgetEventBody,
  response: { 204: { description: 'Recorded (or already recorded)', type: 'null' }, ...problemResponses(400, 429) },
};

export const ReadBeforeFilingReply = Type.Object({
  docs: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      link: Type.String(),
      opened: Type.Boolean({ description: 'Opened in the widget, not only shown among the suggestions' }),
    }),
  ),
});

export const readBeforeFilingSchema = {
  summary: 'The docs the widget showed and opened before this ticket was filed (agents and admins)',
  tags: ['tickets'],
  params: IdParams,
  response: { 200: ReadBeforeFilingReply, ...problemResponses(401, 403, 404) },
};
