import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { getSetupChecklist } from '../../../onboarding/setup-checklist.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';

const Done = Type.Object({ done: Type.Boolean() });
const Checklist = Type.Object({
  mail: Type.Object({ done: Type.Boolean(), detail: Type.String({ description: 'Where mail goes, in words' }) }),
  first_doc: Done,
  first_agent: Done,
  widget: Type.Object(
    {
      accepts_tickets: Type.Boolean({ description: 'Tickets → "Accept tickets from the widget" is on' }),
      accepts_new_visitors: Type.Boolean({
        description:
          'An account may be made for a new address (the settings and the helpdesk_can_register_users filter together), ' +
          'so the widget takes tickets from new visitors',
      }),
    },
    { description: 'Who the widget turns away now; the inbox warns of it' },
  ),
});

/** GET /setup/checklist — the admin inbox's checklist for a new site (admins only). */
export const setupChecklistRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.get(
    '/setup/checklist',
    {
      schema: {
        summary: 'What a new site still lacks: mail, a first doc, a first agent; and whom the widget refuses',
        tags: ['site'],
        response: { 200: Checklist, ...problemResponses(401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return getSetupChecklist(ctx, config);
    },
  );
};
