import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey } from '../../common/i18n/message-keys.js';
import { verifyStaffPassword } from '../domain/people/staff-users.js';
import { AppError, renderProblemText } from '../errors.js';
import { auditOf } from '../http/audit-of.js';
import { assertCsrf, csrfToken, signIn } from '../http/plugins/session.js';
import type { RouteServices } from '../http/services.js';
import { english, translatorFor } from '../i18n/translators.js';
import { mayManageSettings } from '../policies/settings-policy.js';
import { staffReaderLanguage } from '../settings/reader-language.js';
import type { SettingsField, SettingsSchema, SettingsValues } from '../settings/schema-types.js';
import { buildSettingsSchema, getSettings, listFields, updateSettings } from '../settings/settings.js';
import { translateSettingsSchema } from '../settings/translate-schema.js';
import { renderPage } from '../site/shared/render-page.js';
import { siteTranslator } from '../site/shared/site-translator.js';
import { GENERAL_TAB_SLUG, generalValues, saveGeneral, withGeneralTab } from './classic-general-tab.js';
import { ClassicSettingsPage, type ClassicSettingsProps } from './classic-settings-page.js';

type Form = Record<string, unknown>;

/** A form value turned into the type its schema field stores; undefined when it cannot be read. */
function readField(field: SettingsField, raw: unknown): { value?: unknown; problem?: MessageKey } {
  const text = typeof raw === 'string' ? raw : '';
  switch (field.type) {
    case 'checkbox':
      return { value: raw !== undefined };
    case 'number':
      return text.trim() === '' || !Number.isFinite(Number(text)) ? { problem: 'site.classic.mustBeNumber' } : { value: Number(text) };
    case 'form_fields':
    case 'per_language': // JSON too: `{ "de": "…" }`
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { problem: 'site.classic.mustBeJson' };
      }
    default:
      return { value: text };
  }
}

/**
 * GET/POST /admin/settings/classic/: the same filtered schema and the same values as the admin app,
 * as plain HTML forms (works without JavaScript). Admins only; posts carry the CSRF field.
 */
export const classicSettingsRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const path = `${config.basePath}/admin/settings/classic/`;
  const options = { schema: { hide: true } };

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: Partial<ClassicSettingsProps> & { schema?: SettingsSchema } = {},
  ) => {
    const user = request.siteUser;
    const isAdmin = mayManageSettings(user);
    const t = await siteTranslator(ctx, request);
    const schema = extra.schema ?? withGeneralTab(await buildSettingsSchema(ctx.hooks), t);
    const query = request.query as Record<string, string | undefined>;
    const tab = extra.tab ?? (query.tab && schema[query.tab] ? query.tab : (Object.keys(schema)[0] ?? ''));
    const page = ClassicSettingsPage({
      t,
      homeUrl: config.homeUrl,
      action: path,
      csrf: await csrfToken(request, reply),
      // The built-in labels in the reader's language (a plugin's as written); the site helper may fold this into the page's language.
      schema: translateSettingsSchema(
        schema,
        translatorFor(await staffReaderLanguage(ctx.db, user?.id ?? 0, request.headers['accept-language'], query.lang)),
      ),
      tab,
      values: extra.values ?? (isAdmin ? { ...(await getSettings(ctx)), [GENERAL_TAB_SLUG]: await generalValues(ctx.db) } : {}),
      typed: extra.typed ?? {},
      errors: extra.errors ?? {},
      saved: extra.saved ?? query.saved === '1',
      user: user && isAdmin ? { name: user.name } : null,
      signInError: extra.signInError ?? (user && !isAdmin ? t.t('site.classic.adminsOnly') : undefined),
    });
    return reply
      .status(status)
      .headers({ 'cache-control': 'no-store', 'referrer-policy': 'same-origin' })
      .type('text/html; charset=utf-8')
      .send(renderPage(page));
  };

  const checkCsrf = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await assertCsrf(request);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const expired = (await siteTranslator(ctx, request)).t('site.formExpired.text');
      await render(request, reply, 403, { signInError: expired, errors: request.siteUser ? { _form: expired } : {} });
      return false;
    }
  };

  app.get('/admin/settings/classic/', options, async (request, reply) =>
    render(request, reply, request.siteUser && !mayManageSettings(request.siteUser) ? 403 : 200),
  );

  app.post('/admin/settings/classic/sign-in', options, async (request, reply) => {
    if (!(await checkCsrf(request, reply))) return reply;
    const body = (request.body ?? {}) as Form;
    try {
      const user = await verifyStaffPassword(
        ctx,
        String(body.email ?? '').slice(0, 254),
        String(body.password ?? '').slice(0, 200),
        request.ip,
      );
      await signIn(request, reply, user, 'password');
      return reply.redirect(path, 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reply.headers(error.headers);
      return render(request, reply, error.status, { signInError: error.message });
    }
  });

  app.post('/admin/settings/classic/', options, async (request, reply) => {
    if (!(await checkCsrf(request, reply))) return reply;
    const user = request.siteUser;
    if (!mayManageSettings(user)) return render(request, reply, 403);
    const body = (request.body ?? {}) as Form;
    const t = await siteTranslator(ctx, request);
    const schema = withGeneralTab(await buildSettingsSchema(ctx.hooks), t);
    const tab = typeof body._tab === 'string' && schema[body._tab] ? body._tab : '';
    if (!tab) return render(request, reply, 400, { schema });

    const patch: SettingsValues = { [tab]: {} };
    const typed: Record<string, string> = {};
    const errors: Record<string, string> = {};
    for (const { tab: fieldTab, key, field } of listFields(schema)) {
      if (fieldTab !== tab) continue;
      const name = `${tab}.${key}`;
      const read = readField(field, body[name]);
      if (typeof body[name] === 'string') typed[name] = body[name] as string;
      if (read.problem) errors[name] = t.t(read.problem);
      else (patch[tab] as Record<string, unknown>)[key] = read.value;
    }
    if (Object.keys(errors).length === 0 && tab === GENERAL_TAB_SLUG) {
      // The site options, not the helpdesk's settings: stored with the same rules as the API's.
      const problems = await saveGeneral(ctx.db, patch[tab] as Record<string, unknown>, t, auditOf(request));
      for (const [key, detail] of Object.entries(problems)) errors[`${tab}.${key}`] = detail;
      if (Object.keys(errors).length === 0) return reply.redirect(`${path}?tab=${tab}&saved=1`, 303);
    } else if (Object.keys(errors).length === 0) {
      try {
        await updateSettings(ctx, patch, auditOf(request));
        return reply.redirect(`${path}?tab=${encodeURIComponent(tab)}&saved=1`, 303);
      } catch (error) {
        if (!(error instanceof AppError) || !error.errors) throw error;
        for (const e of error.errors) errors[e.field] = renderProblemText(english, e.detail);
      }
    }
    const values = { ...(await getSettings(ctx)), [GENERAL_TAB_SLUG]: await generalValues(ctx.db) };
    return render(request, reply, 400, { schema, tab, values, typed, errors });
  });
};
