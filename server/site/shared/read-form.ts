import type { Translator } from '../../../common/i18n/translator.js';
import { AppError, fieldError } from '../../errors.js';
import { english } from '../../i18n/translators.js';

/** A posted help-site form, as the form-body parser gives it. */
export type Form = Record<string, unknown>;

/** One text input of a help-site form and the most characters it may hold. */
export interface FormText {
  name: string;
  /** What the page calls the input, for the refusal. */
  label: string;
  max: number;
}

/**
 * Reads text inputs of a help-site form as typed: never cut, so an over-long value is refused with
 * a field error naming the input (the page shows it and gives the typed text back) instead of being
 * stored shortened, in the reader's language `t`. A missing or non-text input reads as ''. The limits are those of the API
 * (common/limits.ts), so the form and the API accept the same text.
 */
export function readForm(form: Form, inputs: FormText[], t: Translator = english): { values: Map<string, string>; problem?: AppError } {
  const values = new Map<string, string>();
  const tooLong: FormText[] = [];
  for (const input of inputs) {
    const raw = form[input.name];
    const value = typeof raw === 'string' ? raw : '';
    if (value.length > input.max) tooLong.push(input);
    values.set(input.name, value);
  }
  if (!tooLong.length) return { values };
  const details = tooLong.map((input) => t.t('problems.form.too_long', { label: input.label, max: input.max }));
  const problem = new AppError(
    'VALIDATION_FAILED',
    () => details.join(' '),
    tooLong.map((input, i) => fieldError(input.name, () => details[i] ?? '')),
  );
  return { values, problem };
}

/** One text input read as typed, for inputs whose length the caller checks itself (or that are refused when invalid). */
export function formText(form: Form, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** A form's id input (a ticket's, an account's) as a number; -1, which matches no row, when it is not one. */
export function formId(form: Form, name: string): number {
  const value = formText(form, name);
  return /^\d{1,12}$/.test(value) ? Number(value) : -1;
}
