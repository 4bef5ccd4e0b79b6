// Everything on this screen comes from GET /settings/schema (after helpdesk_settings_menus): a tab,
// section or field a site adds appears and saves with no change here.
export interface SchemaField {
  type: string;
  label: string;
  default: unknown;
  desc?: string;
  options?: Array<{ value: string; label: string; lang?: string }>;
  min?: number;
  max?: number;
}
export interface SchemaSection {
  label: string;
  desc: string;
  fields: Record<string, SchemaField>;
}
export type Schema = Record<string, { label: string; sections: Record<string, SchemaSection> }>;
export type Values = Record<string, Record<string, unknown>>;

/** "ai.api_key" → "AI → API key", from the schema. */
export function fieldLabel(schema: Schema, path: string): string {
  const [tab = '', key = ''] = path.split('.');
  const field = Object.values(schema[tab]?.sections ?? {}).find((section) => key in section.fields)?.fields[key];
  return field ? `${schema[tab]?.label} → ${field.label}` : path;
}
