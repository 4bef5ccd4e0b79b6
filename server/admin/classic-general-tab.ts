import type { Kysely } from 'kysely';
import { LANGUAGE_NAMES, SHIPPED_LANGUAGES } from '../../common/i18n/languages.js';
import type { Translator } from '../../common/i18n/translator.js';
import type { AuditContext } from '../audit/record-audit.js';
import type { Database } from '../db/tables.js';
import { english } from '../i18n/translators.js';
import { isSiteLanguage } from '../onboarding/setup-values.js';
import type { SettingsSchema, SettingsTab } from '../settings/schema-types.js';
import { BRAND_COLOR_PATTERN, canonicalTimeZone, getSiteOptions, type SiteOptions, updateSiteOptions } from '../settings/site-options.js';

/** The classic screen's first tab: the core site options (what Settings → General sets in the admin app). */
export const GENERAL_TAB_SLUG = 'general';

/** The General tab in the reader's language. */
const generalTab = (t: Translator): SettingsTab => ({
  label: t.t('site.general.tab'),
  sections: {
    site: {
      label: t.t('site.general.section'),
      desc: t.t('site.general.sectionDesc'),
      fields: {
        site_name: { type: 'text', label: t.t('site.setup.siteName'), default: 'Helpdesk' },
        users_can_register: { type: 'checkbox', label: t.t('site.general.anyoneCanRegister'), default: false },
        brand_color: { type: 'text', label: t.t('site.setup.brandColor'), desc: t.t('site.general.brandColorDesc'), default: '#1d4ed8' },
        time_zone: { type: 'text', label: t.t('site.general.timeZone'), desc: t.t('site.general.timeZoneDesc'), default: 'UTC' },
        site_language: {
          type: 'select',
          label: t.t('site.setup.siteLanguage'),
          desc: t.t('site.setup.siteLanguageHint'),
          default: 'en',
          options: SHIPPED_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language })),
        },
      },
    },
  },
});

/** The settings schema with the General tab first, in `t`'s language. */
export function withGeneralTab(schema: SettingsSchema, t: Translator = english): SettingsSchema {
  return { [GENERAL_TAB_SLUG]: generalTab(t), ...schema };
}

/** The site options as the General tab's values. */
export async function generalValues(db: Kysely<Database>): Promise<Record<string, unknown>> {
  const { site_name, users_can_register, brand_color, time_zone, site_language } = await getSiteOptions(db);
  return { site_name, users_can_register, brand_color, time_zone, site_language };
}

/**
 * Checks and stores the General tab's values with the API's rules (PATCH /api/site/v1/options); answers the
 * problems by field name, and stores nothing when there is one.
 */
export async function saveGeneral(
  db: Kysely<Database>,
  values: Record<string, unknown>,
  t: Translator = english,
  audit?: AuditContext,
): Promise<Record<string, string>> {
  const text = (key: string) => String(values[key] ?? '').trim();
  const errors: Record<string, string> = {};
  if (text('site_name') === '' || text('site_name').length > 100) errors.site_name = t.t('site.general.siteNameError');
  if (!new RegExp(BRAND_COLOR_PATTERN).test(text('brand_color'))) errors.brand_color = t.t('site.general.brandColorError');
  const zone = text('time_zone') === '' ? null : canonicalTimeZone(text('time_zone'));
  if (zone === null) errors.time_zone = t.t('site.general.timeZoneError');
  const language = text('site_language') || 'en';
  if (!isSiteLanguage(language)) errors.site_language = t.t('site.setup.siteLanguageError');
  if (Object.keys(errors).length) return errors;
  const patch: Partial<SiteOptions> = {
    site_name: text('site_name'),
    users_can_register: values.users_can_register === true,
    brand_color: text('brand_color'),
    time_zone: zone ?? 'UTC',
    site_language: language,
  };
  await updateSiteOptions(db, patch, audit);
  return {};
}
