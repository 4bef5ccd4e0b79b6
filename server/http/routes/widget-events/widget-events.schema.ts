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
        'What happened: the widget opened, the visitor typed, docs were shown, one opened, ' +
        'and the answer to "Did this answer your question?"',
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

export const DeflectionQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 365, default: 30, description: 'Sessions that began in the last this many days' }),
    ),
  },
  { additionalProperties: false },
);

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const deflectionSchema = {
  summary:
    'Deflection: the widget sessions’ funnel, the share the docs answered, per-doc answers ' +
    'and the searches that found nothing (agents and admins)',
  tags: ['tickets'],
  querystring: DeflectionQuery,
  response: {
    200: Type.Object({
      days: Type.Integer(),
      funnel: Type.Object({
        opened: Count('Sessions that opened the widget'),
        typed: Count('… typed in the subject or description'),
        shown: Count('… were shown suggestions'),
        doc_opened: Count('… opened a doc'),
        confirmed: Count('… answered Yes to "Did this answer your question?" and filed nothing'),
        assumed: Count('… opened a doc, then neither filed nor said "still need help" within 24 hours'),
        filed: Count('… filed a ticket'),
      }),
      rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
        description: 'Of the sessions shown suggestions, the share confirmed or assumed; null when none were shown',
      }),
      docs: Type.Array(
        Type.Object({ id: Type.Integer(), title: Type.String(), helped: Count('Yes'), not_helped: Count('No, I still need help') }),
      ),
      empty_searches: Type.Array(Type.Object({ query: Type.String(), sessions: Count('Sessions that searched it') })),
    }),
    ...problemResponses(400, 401, 403),
  },
};
