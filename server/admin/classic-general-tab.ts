import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { SettingsSchema, SettingsTab } from '../settings/schema-types.js';
import { BRAND_COLOR_PATTERN, canonicalTimeZone, getSiteOptions, type SiteOptions, updateSiteOptions } from '../settings/site-options.js';

/** The classic screen's first tab: the core site options (what Settings → General sets in the admin app). */
export const GENERAL_TAB_SLUG = 'general';

const GENERAL_TAB: SettingsTab = {
  label: 'General',
  sections: {
    site: {
      label: 'Site',
      desc: 'The site name, who may sign up, the brand colour and the time zone of pages and mails.',
      fields: {
        site_name: { type: 'text', label: 'Site name', default: 'Helpdesk' },
        users_can_register: {
          type: 'checkbox',
          label: 'Anyone can register (an account is made for each new email that files a ticket or signs up)',
          default: false,
        },
        brand_color: { type: 'text', label: 'Brand colour', desc: 'As #rrggbb, for example #1d4ed8.', default: '#1d4ed8' },
        time_zone: { type: 'text', label: 'Time zone', desc: 'An IANA name such as Europe/Berlin, or UTC.', default: 'UTC' },
      },
    },
  },
};

/** The settings schema with the General tab first. */
export function withGeneralTab(schema: SettingsSchema): SettingsSchema {
  return { [GENERAL_TAB_SLUG]: GENERAL_TAB, ...schema };
}

/** The site options as the General tab's values. */
export async function generalValues(db: Kysely<Database>): Promise<Record<string, unknown>> {
  const { site_name, users_can_register, brand_color, time_zone } = await getSiteOptions(db);
  return { site_name, users_can_register, brand_color, time_zone };
}

/**
 * Checks and stores the General tab's values with the API's rules (PATCH /api/site/v1/options); answers the
 * problems by field name, and stores nothing when there is one.
 */
export async function saveGeneral(db: Kysely<Database>, values: Record<string, unknown>): Promise<Record<string, string>> {
  const text = (key: string) => String(values[key] ?? '').trim();
  const errors: Record<string, string> = {};
  if (text('site_name') === '' || text('site_name').length > 100) errors.site_name = 'Enter a site name of at most 100 characters.';
  if (!new RegExp(BRAND_COLOR_PATTERN).test(text('brand_color'))) errors.brand_color = 'Enter a colour as #rrggbb, for example #1d4ed8.';
  const zone = text('time_zone') === '' ? null : canonicalTimeZone(text('time_zone'));
  if (zone === null) errors.time_zone = 'Enter a time zone such as Europe/Berlin or UTC.';
  if (Object.keys(errors).length) return errors;
  const patch: Partial<SiteOptions> = {
    site_name: text('site_name'),
    users_can_register: values.users_can_register === true,
    brand_color: text('brand_color'),
    time_zone: zone ?? 'UTC',
  };
  await updateSiteOptions(db, patch);
  return {};
}
