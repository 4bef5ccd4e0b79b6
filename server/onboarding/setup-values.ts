import { isLanguage, SHIPPED_LANGUAGES, type ShippedLanguage } from '../../common/i18n/languages.js';
import type { MessageKey } from '../../common/i18n/message-keys.js';
import type { DomainContext } from '../domain/context.js';
import { isEmailAddress } from '../domain/people/email-address.js';
import { isSingleLineText } from '../domain/text-rules.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { updateSettings } from '../settings/settings.js';
import { getSiteOptions, updateSiteOptions } from '../settings/site-options.js';
import type { NewVisitorAccess } from './read-new-visitor-access.js';

/** Who may file tickets: everyone (an account is made for each new email) or only existing accounts. */
export type WhoMayFile = 'anyone' | 'existing';

/** The short setup after the first administrator: what a site needs before visitors arrive. */
export interface SetupValues {
  siteName: string;
  fromName: string;
  fromAddress: string;
  brandColor: string;
  /** The language of pages, mails and the widget for whoever has none of their own. */
  siteLanguage: string;
  whoMayFile: WhoMayFile;
}

/**
 * The values in force: as stored, and "who may file" as filing answers it (`access.newVisitors`, the
 * settings and the plugin filter together), so the page never shows "only existing accounts" while new
 * visitors are accepted. "Anyone" is preselected until the owner chose (the widget exists for new visitors).
 */
export async function readSetupValues(ctx: DomainContext, isFirstSetup: boolean, access: NewVisitorAccess): Promise<SetupValues> {
  const [site, settings] = await Promise.all([getSiteOptions(ctx.db), getCoreSettings(ctx)]);
  return {
    siteName: site.site_name,
    fromName: settings.emails.from_name,
    fromAddress: settings.emails.from_address,
    brandColor: site.brand_color,
    siteLanguage: site.site_language,
    whoMayFile: isFirstSetup || access.newVisitors ? 'anyone' : 'existing',
  };
}

/** Whether `value` is a language the site may default to (a shipped one; never the pseudo-locale). */
export const isSiteLanguage = (value: unknown): value is ShippedLanguage =>
  isLanguage(value) && (SHIPPED_LANGUAGES as readonly string[]).includes(value);

/** Reads the posted form; field errors are keyed by input name, as catalogue keys the page shows in its language. */
export function readSetupForm(form: Record<string, unknown>): { values: SetupValues; errors: Record<string, MessageKey> } {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const values: SetupValues = {
    siteName: text('site_name'),
    fromName: text('from_name'),
    fromAddress: text('from_address'),
    brandColor: text('brand_color'),
    siteLanguage: text('site_language') || 'en',
    whoMayFile: text('who_may_file') === 'existing' ? 'existing' : 'anyone',
  };
  const errors: Record<string, MessageKey> = {};
  if (!values.siteName || values.siteName.length > 100 || !isSingleLineText(values.siteName)) {
    errors.site_name = 'site.setup.siteNameError';
  }
  if (values.fromName.length > 100 || !isSingleLineText(values.fromName)) errors.from_name = 'site.setup.fromNameError';
  if (values.fromAddress && !isEmailAddress(values.fromAddress)) errors.from_address = 'site.setup.fromAddressError';
  if (!/^#[0-9a-fA-F]{6}$/.test(values.brandColor)) errors.brand_color = 'site.setup.brandColorError';
  if (!isSiteLanguage(values.siteLanguage)) errors.site_language = 'site.setup.siteLanguageError';
  return { values, errors };
}

/** Stores the setup: site options, the sender, and who may file (Tickets → "Create accounts for new clients"). */
export async function saveSetupValues(ctx: DomainContext, values: SetupValues): Promise<void> {
  await updateSiteOptions(ctx.db, {
    site_name: values.siteName,
    brand_color: values.brandColor.toLowerCase(),
    site_language: values.siteLanguage,
  });
  await updateSettings(ctx, {
    emails: { from_name: values.fromName, from_address: values.fromAddress },
    tickets: { create_accounts: values.whoMayFile === 'anyone' },
  });
}
