import { type Message, message } from '../../common/i18n/translator.js';
import { EMAIL_RULE, isEmailAddress } from '../domain/people/email-address.js';
import { isSingleLineText, SINGLE_LINE_RULE } from '../domain/text-rules.js';
import type { ProblemText } from '../errors.js';
import { validatePerLanguage } from './per-language.js';
import type { SettingsField, TicketFormField } from './schema-types.js';

const FORM_FIELD_TYPES = ['text', 'textarea', 'select', 'checkbox'];
const FORM_FIELD_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const REQUIRED_FORM_FIELDS = ['subject', 'description'];

/** Checks one value against its schema field; returns what is wrong in plain words, or undefined. */
export function validateSetting(field: SettingsField, value: unknown): ProblemText | undefined {
  switch (field.type) {
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : message('problems.setting.boolean');
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return message('problems.setting.number');
      if (field.min !== undefined && value < field.min) return message('problems.setting.min', { min: field.min });
      if (field.max !== undefined && value > field.max) return message('problems.setting.max', { max: field.max });
      return undefined;
    }
    case 'select': {
      const allowed = (field.options ?? []).map((o) => o.value);
      return typeof value === 'string' && allowed.includes(value)
        ? undefined
        : message('problems.setting.one_of', { values: allowed.join(', ') });
    }
    case 'email':
      return typeof value === 'string' && (value === '' || isEmailAddress(value)) ? undefined : EMAIL_RULE;
    case 'text':
      // One line: text settings (the sender name, mail subjects) end up in headers.
      if (typeof value !== 'string') return message('problems.setting.text');
      return value.length > 100_000 ? message('problems.setting.too_long') : isSingleLineText(value) ? undefined : SINGLE_LINE_RULE;
    case 'url':
      return typeof value === 'string' && (value === '' || URL.canParse(value)) ? undefined : message('problems.setting.url');
    case 'form_fields':
      return validateFormFields(value);
    case 'per_language':
      return validatePerLanguage(field, value);
    default:
      // textarea, secret, and any type a site adds that we only store.
      return typeof value === 'string'
        ? value.length > 100_000
          ? message('problems.setting.too_long')
          : undefined
        : message('problems.setting.text');
  }
}

function validateFormFields(value: unknown): ProblemText | undefined {
  if (!Array.isArray(value)) return message('problems.setting.form_fields');
  const keys = new Set<string>();
  for (const [index, item] of value.entries()) {
    const problem = validateFormField(item as Partial<TicketFormField>);
    if (problem) return (t) => t.t('problems.setting.form_item', { n: index + 1, problem: t.render(problem) });
    const key = (item as TicketFormField).key;
    if (keys.has(key)) return message('problems.setting.key_twice', { key });
    keys.add(key);
  }
  const missing = REQUIRED_FORM_FIELDS.filter((key) => !keys.has(key));
  return missing.length
    ? (t) => t.t('problems.setting.builtin_fields', { fields: missing.join(t.t('problems.setting.builtin_and')) })
    : undefined;
}

function validateFormField(item: Partial<TicketFormField>): Message | undefined {
  if (typeof item !== 'object' || item === null) return message('problems.setting.item_object');
  if (typeof item.key !== 'string' || !FORM_FIELD_KEY.test(item.key)) return message('problems.setting.item_key');
  if (typeof item.label !== 'string' || item.label.trim() === '' || item.label.length > 200) return message('problems.setting.item_label');
  if (!FORM_FIELD_TYPES.includes(item.type as string)) return message('problems.setting.item_type', { types: FORM_FIELD_TYPES.join(', ') });
  if (typeof item.required !== 'boolean') return message('problems.setting.item_required');
  if (item.options !== undefined && (!Array.isArray(item.options) || item.options.some((o) => typeof o !== 'string')))
    return message('problems.setting.item_options');
  if (item.type === 'select' && !item.builtin && !item.options?.length) return message('problems.setting.item_select');
  return undefined;
}
