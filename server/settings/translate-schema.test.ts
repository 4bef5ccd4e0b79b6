import { describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n/translators.js';
import { DEFAULT_TICKET_FORM_FIELDS, defaultSettingsSchema } from './default-schema.js';
import type { SettingsSchema } from './schema-types.js';
import { formFieldLabel, translateSchemaText, translateSettingsSchema } from './translate-schema.js';

const german = translatorFor('de');

describe('translateSettingsSchema', () => {
  it('renders every built-in label and description in the reader’s language, leaving no key behind', () => {
    const schema = translateSettingsSchema(defaultSettingsSchema() as SettingsSchema, german);
    const texts = Object.values(schema).flatMap((tab) => [
      tab.label,
      ...Object.values(tab.sections).flatMap((section) => [
        section.label,
        section.desc,
        ...Object.values(section.fields).flatMap((field) => [field.label, field.desc ?? '', ...(field.options ?? []).map((o) => o.label)]),
      ]),
    ]);
    expect(texts.filter((text) => text.startsWith('settings.'))).toEqual([]);
    expect(schema.tickets?.sections.attachments?.fields.attachment_types_zip?.label).toBe('Zip-Archive');
    expect(schema.ai?.label).toBe('KI');
  });

  it('keeps the schema’s keys, types, defaults and limits, and does not change the schema it is given', () => {
    const original = defaultSettingsSchema() as SettingsSchema;
    const before = structuredClone(original);
    const schema = translateSettingsSchema(original, german);
    expect(original).toEqual(before);
    expect(Object.keys(schema)).toEqual(Object.keys(original));
    expect(schema.login?.sections.login?.fields.link_lifetime_days).toMatchObject({ type: 'number', default: 7, min: 1, max: 90 });
  });

  it('shows a plugin’s plain labels as written, even one that reads like a word of ours', () => {
    expect(translateSchemaText('SLA targets', german)).toBe('SLA targets');
    expect(translateSchemaText('Subject', german)).toBe('Subject');
    expect(translateSchemaText('', german)).toBe('');
    expect(translateSchemaText(undefined, german)).toBeUndefined();
  });
});

describe('formFieldLabel', () => {
  it('shows a built-in field labelled as shipped in the reader’s language, and a label the owner changed as written', () => {
    const [subject] = DEFAULT_TICKET_FORM_FIELDS;
    if (!subject) throw new Error('no subject field');
    expect(formFieldLabel(subject, german)).toBe('Betreff');
    expect(formFieldLabel(subject, translatorFor('ar'))).toBe('الموضوع');
    expect(formFieldLabel(subject, translatorFor('en'))).toBe('Subject');
    expect(formFieldLabel({ ...subject, label: 'Your question' }, german)).toBe('Your question');
    // A custom field that happens to be called "Subject" is the owner's word.
    expect(formFieldLabel({ key: 'subject_2', label: 'Subject', builtin: false }, german)).toBe('Subject');
  });

  it('names a field in the filer’s words for the person filing (German Anliegen) and in the Settings’ for staff (Grund)', () => {
    const reason = DEFAULT_TICKET_FORM_FIELDS.find((f) => f.key === 'reason');
    if (!reason) throw new Error('no reason field');
    expect(formFieldLabel(reason, german, 'filer')).toBe('Anliegen');
    expect(formFieldLabel(reason, german)).toBe('Grund');
    expect(formFieldLabel({ ...reason, label: 'Topic' }, german, 'filer')).toBe('Topic');
  });
});
