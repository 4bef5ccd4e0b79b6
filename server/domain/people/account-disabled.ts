import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';

/** The plain-words refusal every sign-in path gives a disabled account (after a correct secret only). */
export const ACCOUNT_DISABLED_MESSAGE = message('problems.people.account_disabled');

/** The last check before anyone is signed in as `user`, whatever the path. */
export function assertAccountEnabled(user: { disabled_at: string | null }): void {
  if (user.disabled_at) throw new AppError('ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE);
}
