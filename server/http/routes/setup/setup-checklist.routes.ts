import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSetupChecklist } from '../../../onboarding/setup-checklist.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { checklistResponse } from './setup-checklist.schema.js';

/** GET /setup/checklist — the admin inbox's checklist for a new site (admins only). */
export const setupChecklistRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.get(
    '/setup/checklist',
    {
      schema: {
        summary: 'What a new site still lacks: mail, a first doc, a first agent; and whom the widget refuses',
        tags: ['site'],
        response: checklistResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return getSetupChecklist(ctx, config);
    },
  );
};
