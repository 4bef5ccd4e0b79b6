import english from '../../common/i18n/locales/en/settings.json' with { type: 'json' };
import type { MessageKey } from '../../common/i18n/message-keys.js';
import type { Translator } from '../../common/i18n/translator.js';
import type { SettingsField, SettingsSchema, TicketFormField } from './schema-types.js';

/**
 * A text of the built-in schema: its catalogue key, which `translateSettingsSchema` renders in the reader's
 * language. The schema (and what `helpdesk_settings_menus` handlers receive) keeps the key; a site's handler
 * writes its own labels as plain text, and those are shown as written.
 */
export function schemaText(key: MessageKey & `settings.${string}`): string {
  return key;
}

const isSchemaKey = (text: string): text is MessageKey => Object.hasOwn(english, text);

/** `text` in the reader's language when it is a key of the settings catalogue; any other text as written. */
export function translateSchemaText(text: string, translator: Translator): string;
export function translateSchemaText(text: string | undefined, translator: Translator): string | undefined;
export function translateSchemaText(text: string | undefined, translator: Translator): string | undefined {
  return text !== undefined && isSchemaKey(text) ? translator.t(text) : text;
}

/**
 * The schema with its labels, descriptions and option labels in the reader's language: what
 * `GET /settings/schema` and the classic settings screen show. Keys, types, defaults and limits are unchanged;
 * a plugin's plain labels pass through. The default form fields' labels are rendered as `formFieldLabel` does.
 */
export function translateSettingsSchema<S extends SettingsSchema>(schema: S, translator: Translator): S {
  const field = (item: SettingsField): SettingsField => ({
    ...item,
    label: translateSchemaText(item.label, translator),
    ...(item.desc !== undefined && { desc: translateSchemaText(item.desc, translator) }),
    ...(item.options && {
      options: item.options.map((option) => ({ ...option, label: translateSchemaText(option.label, translator) })),
    }),
    ...(item.type === 'form_fields' &&
      Array.isArray(item.default) && {
        default: (item.default as TicketFormField[]).map((formField) => ({ ...formField, label: formFieldLabel(formField, translator) })),
      }),
  });
  return Object.fromEntries(
    Object.entries(schema).map(([slug, tab]) => [
      slug,
      {
        ...tab,
        label: translateSchemaText(tab.label, translator),
        sections: Object.fromEntries(
          Object.entries(tab.sections).map(([name, section]) => [
            name,
            {
              ...section,
              label: translateSchemaText(section.label, translator),
              desc: translateSchemaText(section.desc, translator),
              fields: Object.fromEntries(Object.entries(section.fields).map(([key, item]) => [key, field(item)])),
            },
          ]),
        ),
      },
    ]),
  ) as S;
}

/** The built-in form fields' labels as shipped, by field key (what a stored label is compared with). */
export const DEFAULT_FORM_FIELD_LABELS: Readonly<Record<string, string>> = {
  subject: 'Subject',
  description: 'Description',
  product: 'Product',
  reason: 'Reason',
  urgency: 'Urgency',
  order_id: 'Order ID',
};

const FORM_FIELD_KEYS: Readonly<Record<string, MessageKey>> = {
  subject: 'settings.form_field.subject',
  description: 'settings.form_field.description',
  product: 'settings.form_field.product',
  reason: 'settings.form_field.reason',
  urgency: 'settings.form_field.urgency',
  order_id: 'settings.form_field.order_id',
};

/**
 * A form field's label for a reader: a built-in field still labelled as shipped reads in the reader's language;
 * a label the owner changed (or a custom field's) is shown as written.
 */
export function formFieldLabel(field: Pick<TicketFormField, 'key' | 'label' | 'builtin'>, translator: Translator): string {
  const key = FORM_FIELD_KEYS[field.key];
  if (field.builtin && key && field.label === DEFAULT_FORM_FIELD_LABELS[field.key]) return translator.t(key);
  return field.label;
}
