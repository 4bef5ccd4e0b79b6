import { message } from '../../common/i18n/translator.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../common/limits.js';
import { invalidField } from '../errors.js';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

/** Refuses a password too short to resist guessing (or too long to hash cheaply), naming the field. */
export function assertPasswordRule(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw invalidField('password', message('problems.auth.password_too_short', { min: MIN_PASSWORD_LENGTH }));
  if (password.length > MAX_PASSWORD_LENGTH)
    throw invalidField('password', message('problems.auth.password_too_long', { max: MAX_PASSWORD_LENGTH }));
}
