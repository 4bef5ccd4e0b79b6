import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translatorFor } from '../../../i18n/translators.js';
import { staffReaderLanguage } from '../../../settings/reader-language.js';
import type { SettingsValues } from '../../../settings/schema-types.js';
import { buildSettingsSchema, getSettings, listUnreadableSecrets, updateSettings } from '../../../settings/settings.js';
import { translateSettingsSchema } from '../../../settings/translate-schema.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import {
  changeValuesResponse,
  SchemaQuery,
  settingsSchemaResponse,
  unreadableSecretsResponse,
  Values,
  valuesResponse,
} from './settings.schema.js';

/**
 * The filtered settings schema and the values it governs (admins only). The schema's built-in texts are shown in
 * the reader's language (their own, else Accept-Language, else the site's); a plugin's own labels as written.
 */
export const settingsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/settings/schema',
    {
      schema: {
        summary: 'The settings schema after helpdesk_settings_menus (what the settings screens render)',
        tags: ['settings'],
        querystring: SchemaQuery,
        response: settingsSchemaResponse,
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      const [schema, language] = await Promise.all([
        buildSettingsSchema(ctx.hooks),
        staffReaderLanguage(ctx.db, actor.id, request.headers['accept-language'], request.query.lang),
      ]);
      return translateSettingsSchema(schema, translatorFor(language));
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
      return updateSettings(ctx, request.body as SettingsValues, auditOf(request));
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
