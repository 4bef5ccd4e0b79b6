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
    whoMayFile: isFirstSetup || access.newVisitors ? 'anyone' : 'existing',
  };
}

/** Reads the posted form; field errors are keyed by input name, in plain words. */
export function readSetupForm(form: Record<string, unknown>): { values: SetupValues; errors: Record<string, string> } {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const values: SetupValues = {
    siteName: text('site_name'),
    fromName: text('from_name'),
    fromAddress: text('from_address'),
    brandColor: text('brand_color'),
    whoMayFile: text('who_may_file') === 'existing' ? 'existing' : 'anyone',
  };
  const errors: Record<string, string> = {};
  if (!values.siteName || values.siteName.length > 100 || !isSingleLineText(values.siteName)) {
    errors.site_name = 'Enter the name of your site (one line, at most 100 characters).';
  }
  if (values.fromName.length > 100 || !isSingleLineText(values.fromName))
    errors.from_name = 'Enter a sender name of one line, at most 100 characters.';
  if (values.fromAddress && !isEmailAddress(values.fromAddress))
    errors.from_address = 'Enter an email address like support@example.com, or leave it empty.';
  if (!/^#[0-9a-fA-F]{6}$/.test(values.brandColor)) errors.brand_color = 'Choose a colour such as #1d4ed8.';
  return { values, errors };
}

/** Stores the setup: site options, the sender, and who may file (Tickets → "Create accounts for new clients"). */
export async function saveSetupValues(ctx: DomainContext, values: SetupValues): Promise<void> {
  await updateSiteOptions(ctx.db, { site_name: values.siteName, brand_color: values.brandColor.toLowerCase() });
  await updateSettings(ctx, {
    emails: { from_name: values.fromName, from_address: values.fromAddress },
    tickets: { create_accounts: values.whoMayFile === 'anyone' },
  });
}
