import { join } from 'node:path';
import type { Translator } from '../../common/i18n/translator.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { english } from '../i18n/translators.js';
import { effectiveSmtp } from '../mail-settings/effective-mail-servers.js';

/**
 * Where mail goes, in words for the admin (in `t`'s language): while no SMTP server is set (SMTP_URL or Settings →
 * Mail), it is written as files.
 */
export async function describeMailDestination(
  ctx: DomainContext,
  config: Config,
  t: Translator = english,
): Promise<{ isSmtp: boolean; text: string }> {
  if ((await effectiveSmtp(ctx, config)).url) return { isSmtp: true, text: t.t('site.setup.mailSmtp') };
  return { isSmtp: false, text: t.t('site.setup.mailFiles', { folder: join(config.dataDir, 'mail') }) };
}
