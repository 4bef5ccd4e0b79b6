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

const BUILT_IN_FORM_FIELDS = ['subject', 'description', 'product', 'reason', 'urgency', 'order_id'] as const;
type BuiltInFormField = (typeof BUILT_IN_FORM_FIELDS)[number];
const isBuiltIn = (key: string): key is BuiltInFormField => (BUILT_IN_FORM_FIELDS as readonly string[]).includes(key);

/**
 * The built-in form fields' labels as shipped and stored (the English catalogue's), by field key: a stored label
 * still equal to its default is shown in the reader's language.
 */
export const DEFAULT_FORM_FIELD_LABELS = Object.fromEntries(
  BUILT_IN_FORM_FIELDS.map((key) => [key, english[`settings.form_field.${key}`]]),
) as Readonly<Record<BuiltInFormField, string>>;

/**
 * A form field's label for a reader: a built-in field still labelled as shipped reads in the reader's language;
 * a label the owner changed (or a custom field's) is shown as written. The one rule for every place a form
 * field is named: staff read the Settings' words (`settings.form_field.*`), the person filing the form's own
 * (`widget.field.*`: the widget, the help site's form, the problems a filing answers with).
 */
export function formFieldLabel(
  field: Pick<TicketFormField, 'key' | 'label' | 'builtin'>,
  translator: Translator,
  reader: 'staff' | 'filer' = 'staff',
): string {
  if (field.builtin && isBuiltIn(field.key) && field.label === DEFAULT_FORM_FIELD_LABELS[field.key]) {
    return translator.t(reader === 'filer' ? `widget.field.${field.key}` : `settings.form_field.${field.key}`);
  }
  return field.label;
}
