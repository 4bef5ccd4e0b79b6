import type { Translator } from '../../common/i18n/translator.js';
import { english } from '../i18n/translators.js';

/** A wait in plain words for people ("5 seconds", "15 minutes", "2 hours"), in `t`'s language. */
export function describeWait(seconds: number, t: Translator = english): string {
  if (seconds < 2) return t.t('problems.wait', { unit: 'second', n: 1 });
  if (seconds < 90) return t.t('problems.wait', { unit: 'second', n: seconds });
  if (seconds < 90 * 60) return t.t('problems.wait', { unit: 'minute', n: Math.round(seconds / 60) });
  return t.t('problems.wait', { unit: 'hour', n: Math.round(seconds / 3600) });
}
