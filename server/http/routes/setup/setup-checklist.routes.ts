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
});

/** GET /setup/checklist — the admin inbox's checklist for a new site (admins only). */
export const setupChecklistRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.get(
    '/setup/checklist',
    {
      schema: {
        summary: 'What a new site still lacks: mail, a first doc, a first agent',
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
