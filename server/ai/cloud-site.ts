import type { Config } from '../config/config-types.js';

/**
 * The built-in backend address when HELPDESK_CLOUD_SITE is not set. The spec omits the real value; a
 * reserved `.invalid` name can never resolve, so an unconfigured site fails fast instead of talking to
 * a host nobody chose.
 */
export const DEFAULT_CLOUD_SITE = 'https://cloud.helpdesk.invalid';

/**
 * The spec's `helpdesk_cloud_site_url()`: the constant HELPDESK_CLOUD_SITE (environment or config file,
 * read before plugins load), else the built-in default. Deliberately not a filter (spec §6).
 */
export function helpdeskCloudSiteUrl(config: Pick<Config, 'constants'>): string {
  const value = config.constants.HELPDESK_CLOUD_SITE?.trim();
  return (value || DEFAULT_CLOUD_SITE).replace(/\/+$/, '');
}
