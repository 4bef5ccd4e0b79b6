import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { SettingsValues } from '../../../settings/schema-types.js';
import { buildSettingsSchema, getSettings, listUnreadableSecrets, updateSettings } from '../../../settings/settings.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';

const Values = Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), {
  description: 'Values keyed by tab slug, then field key: { "tickets": { "create_accounts": true } }',
});

/** The filtered settings schema and the values it governs (admins only). */
export const settingsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/settings/schema',
    {
      schema: {
        summary: 'The settings schema after helpdesk_settings_menus (what the settings screens render)',
        tags: ['settings'],
        response: { 200: Type.Record(Type.String(), Type.Unknown()), ...problemResponses(401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return buildSettingsSchema(ctx.hooks);
    },
  );

  app.get(
    '/settings',
    { schema: { summary: 'Current settings values', tags: ['settings'], response: { 200: Values, ...problemResponses(401, 403) } } },
    async (request) => {
      requireAdmin(request);
      return getSettings(ctx);
    },
  );

  app.patch(
    '/settings',
    {
      schema: {
        summary: 'Change settings; every value is validated against the filtered schema',
        tags: ['settings'],
        body: Values,
        response: { 200: Values, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return updateSettings(ctx, request.body as SettingsValues);
    },
  );

  app.get(
    '/settings/secrets',
    {
      schema: {
        summary: 'Stored secrets the current encryption seed cannot read (enter them again)',
        tags: ['settings'],
        response: {
          200: Type.Object({ unreadable: Type.Array(Type.String(), { description: 'tab.field of each unreadable secret' }) }),
          ...problemResponses(401, 403),
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { unreadable: await listUnreadableSecrets(ctx) };
    },
  );
};
