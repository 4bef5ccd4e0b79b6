/** Field types the settings screens know how to render and the validator knows how to check. */
export type SettingsFieldType =
  | 'checkbox'
  | 'text'
  | 'textarea'
  | 'number'
  | 'email'
  | 'url'
  | 'select'
  | 'secret'
  | 'form_fields'
  /** One value per shipped language (`{ de: '…' }`), an empty or missing language meaning the default: per-language.ts. */
  | 'per_language';

/** One setting (spec §2: a field has type, label and default). */
export interface SettingsField {
  type: SettingsFieldType;
  label: string;
  default: unknown;
  desc?: string;
  /** For `select` (and a `per_language` choice): the allowed values. */
  options?: Array<{
    value: string;
    label: string /** The label's own language, when it differs from the reader's (a language named in itself). */;
    lang?: string;
  }>;
  /** For `per_language`: what an empty language shows (the built-in text in that language). */
  placeholders?: Record<string, string>;
  /** For `number`. */
  min?: number;
  max?: number;
}

export interface SettingsSection {
  label: string;
  desc: string;
  fields: Record<string, SettingsField>;
}

export interface SettingsTab {
  label: string;
  sections: Record<string, SettingsSection>;
}

/** Keyed by tab slug; a field key is unique within its tab, so values are addressed as `tab.field`. */
export type SettingsSchema = Record<string, SettingsTab>;

/** Stored values, keyed like the schema: `{ tickets: { create_accounts: true } }`. */
export type SettingsValues = Record<string, Record<string, unknown>>;

/** One field of the help-site new-ticket form (Tickets → Form fields). */
export interface TicketFormField {
  key: string;
  label: string;
  type: 'text' | 'textarea' | 'select' | 'checkbox';
  required: boolean;
  /** For `select` custom fields. */
  options?: string[];
  /** Built-in fields map onto ticket columns and terms; custom ones are stored as ticket meta. */
  builtin?: boolean;
}
