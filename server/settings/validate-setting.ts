import { EMAIL_RULE, isEmailAddress } from '../domain/people/email-address.js';
import { isSingleLineText, SINGLE_LINE_RULE } from '../domain/text-rules.js';
import { validatePerLanguage } from './per-language.js';
import type { SettingsField, TicketFormField } from './schema-types.js';

const FORM_FIELD_TYPES = ['text', 'textarea', 'select', 'checkbox'];
const FORM_FIELD_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const REQUIRED_FORM_FIELDS = ['subject', 'description'];

/** Checks one value against its schema field; returns what is wrong in plain words, or undefined. */
export function validateSetting(field: SettingsField, value: unknown): string | undefined {
  switch (field.type) {
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
      if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
      return undefined;
    }
    case 'select': {
      const allowed = (field.options ?? []).map((o) => o.value);
      return typeof value === 'string' && allowed.includes(value) ? undefined : `must be one of: ${allowed.join(', ')}`;
    }
    case 'email':
      return typeof value === 'string' && (value === '' || isEmailAddress(value)) ? undefined : EMAIL_RULE;
    case 'text':
      // One line: text settings (the sender name, mail subjects) end up in headers.
      if (typeof value !== 'string') return 'must be text';
      return value.length > 100_000 ? 'is too long' : isSingleLineText(value) ? undefined : SINGLE_LINE_RULE;
    case 'url':
      return typeof value === 'string' && (value === '' || URL.canParse(value)) ? undefined : 'must be an absolute URL';
    case 'form_fields':
      return validateFormFields(value);
    case 'per_language':
      return validatePerLanguage(field, value);
    default:
      // textarea, secret, and any type a site adds that we only store.
      return typeof value === 'string' ? (value.length > 100_000 ? 'is too long' : undefined) : 'must be text';
  }
}

function validateFormFields(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'must be a list of form fields';
  const keys = new Set<string>();
  for (const [index, item] of value.entries()) {
    const problem = validateFormField(item as Partial<TicketFormField>);
    if (problem) return `item ${index + 1}: ${problem}`;
    const key = (item as TicketFormField).key;
    if (keys.has(key)) return `the key "${key}" is used twice`;
    keys.add(key);
  }
  const missing = REQUIRED_FORM_FIELDS.filter((key) => !keys.has(key));
  return missing.length ? `must keep the built-in fields ${missing.join(' and ')}` : undefined;
}

function validateFormField(item: Partial<TicketFormField>): string | undefined {
  if (typeof item !== 'object' || item === null) return 'must be an object';
  if (typeof item.key !== 'string' || !FORM_FIELD_KEY.test(item.key))
    return 'key must be lower-case letters, digits and _ starting with a letter';
  if (typeof item.label !== 'string' || item.label.trim() === '' || item.label.length > 200) return 'label must be 1 to 200 characters';
  if (!FORM_FIELD_TYPES.includes(item.type as string)) return `type must be one of: ${FORM_FIELD_TYPES.join(', ')}`;
  if (typeof item.required !== 'boolean') return 'required must be true or false';
  if (item.options !== undefined && (!Array.isArray(item.options) || item.options.some((o) => typeof o !== 'string')))
    return 'options must be a list of text values';
  if (item.type === 'select' && !item.builtin && !item.options?.length) return 'a select field needs options';
  return undefined;
}
