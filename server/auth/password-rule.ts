import { invalidField } from '../errors.js';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** Refuses a password too short to resist guessing (or too long to hash cheaply), naming the field. */
export function assertPasswordRule(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw invalidField('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw invalidField('password', `must be at most ${MAX_PASSWORD_LENGTH} characters`);
}
