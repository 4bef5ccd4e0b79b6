import type { Config } from '../config/config-types.js';

/** The address of an attachment, from the help site's address (which may carry a path). */
export function fileUrl(config: Pick<Config, 'homeUrl'>, publicId: string): string {
  return `${config.homeUrl}/api/helpdesk/v1/files/${encodeURIComponent(publicId)}`;
}
