import { join } from 'node:path';
import type { Translator } from '../../common/i18n/translator.js';
import type { Config } from '../config/config-types.js';
import { english } from '../i18n/translators.js';

/** Where mail goes, in words for the admin (in `t`'s language): while no SMTP server is set, it is written as files. */
export function describeMailDestination(config: Config, t: Translator = english): { isSmtp: boolean; text: string } {
  if (config.smtpUrl) return { isSmtp: true, text: t.t('site.setup.mailSmtp') };
  return { isSmtp: false, text: t.t('site.setup.mailFiles', { folder: join(config.dataDir, 'mail') }) };
}
