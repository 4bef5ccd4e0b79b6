import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SettingsValues } from '../../../settings/schema-types.js';
import { buildSettingsSchema, getSettings, listUnreadableSecrets, updateSettings } from '../../../settings/settings.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { changeValuesResponse, settingsSchemaResponse, unreadableSecretsResponse, Values, valuesResponse } from './settings.schema.js';

/** The filtered settings schema and the values it governs (admins only). */
export const settingsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/settings/schema',
    {
      schema: {
        summary: 'The settings schema after helpdesk_settings_menus (what the settings screens render)',
        tags: ['settings'],
        response: settingsSchemaResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return buildSettingsSchema(ctx.hooks);
    },
  );

  app.get(
    '/settings',
    { schema: { summary: 'Current settings values', tags: ['settings'], response: valuesResponse } },
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
        response: changeValuesResponse,
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
        response: unreadableSecretsResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return { unreadable: await listUnreadableSecrets(ctx) };
    },
  );
};
