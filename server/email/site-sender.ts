import type { Config } from '../config/config-types.js';
import type { CoreSettings } from '../settings/core-settings.js';
import { siteLogoUrl } from '../settings/site-logo.js';
import type { SiteOptions } from '../settings/site-options.js';
import type { MailBrand } from './render-mail.js';

/**
 * What every mail the helpdesk sends in its own name shares: the From (the Emails settings' sender, else the site's
 * name at `helpdesk@` the public host), the host its Message-IDs end in, and the site's colour and logo.
 */
export function siteSender(config: Config, site: Readonly<SiteOptions>, emails: CoreSettings['emails']) {
  const host = new URL(config.homeUrl).hostname;
  return {
    host,
    from: { name: emails.from_name || site.site_name, address: emails.from_address || `helpdesk@${host}` },
    brand: {
      color: site.brand_color,
      logoUrl: siteLogoUrl(config.homeUrl, site.logo_version),
      siteName: site.site_name,
    } satisfies MailBrand,
  };
}
