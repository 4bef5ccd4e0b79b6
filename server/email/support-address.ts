import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { getCoreSettings } from '../settings/core-settings.js';

/** Emails → Support address, else HELPDESK_SUPPORT_ADDRESS; null when neither is set (mails then carry no reply address). */
export async function findSupportAddress(ctx: DomainContext, config: Config): Promise<string | null> {
  const setting = (await getCoreSettings(ctx)).emails.support_address.trim().toLowerCase();
  return setting || config.supportAddress || null;
}
