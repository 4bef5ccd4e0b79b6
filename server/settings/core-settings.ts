import type { DomainContext } from '../domain/context.js';
import { defaultSettingsSchema } from './default-schema.js';
import type { SettingsField, TicketFormField } from './schema-types.js';
import { getSettings, listFields } from './settings.js';
import { validateSetting } from './validate-setting.js';

type CoreSchema = ReturnType<typeof defaultSettingsSchema>;

/** The value type a field of the given schema type always has once validated. */
type FieldValue<F> = F extends { type: 'checkbox' }
  ? boolean
  : F extends { type: 'number' }
    ? number
    : F extends { type: 'form_fields' }
      ? readonly TicketFormField[]
      : F extends { type: 'per_language' }
        ? Readonly<Record<string, string>>
        : F extends { type: 'select'; options: ReadonlyArray<{ value: infer V }> }
          ? V
          : string;

type SectionsOf<Tab extends keyof CoreSchema> = CoreSchema[Tab]['sections'];
type FieldsOf<Tab extends keyof CoreSchema> = {
  [S in keyof SectionsOf<Tab>]: SectionsOf<Tab>[S] extends { fields: infer F } ? F : never;
}[keyof SectionsOf<Tab>];
// A key is unique within its tab (assertSchemaShape), so the union of the sections' fields is the tab.
type FieldAt<Tab extends keyof CoreSchema, K> =
  FieldsOf<Tab> extends infer F ? (F extends unknown ? (K extends keyof F ? F[K] : never) : never) : never;
type FieldKeys<Tab extends keyof CoreSchema> = FieldsOf<Tab> extends infer F ? (F extends unknown ? keyof F : never) : never;

/**
 * The core settings, every field present with its type: stored value, else the default (as filtered by
 * `helpdesk_settings_menus`). Secrets are left out (read them with findSecretSetting); fields added by
 * plugins are not here (read them with getPluginSetting, as `unknown`).
 */
export type CoreSettings = {
  readonly [Tab in keyof CoreSchema]: {
    readonly [K in FieldKeys<Tab> as FieldAt<Tab, K> extends { type: 'secret' } ? never : K]: FieldValue<FieldAt<Tab, K>>;
  };
};

// The core fields never change while the process runs; their defaults are only read (and cloned) here.
// Made on first use.
let coreFields: ReturnType<typeof listFields> | undefined;
const listCoreFields = () => (coreFields ??= listFields(defaultSettingsSchema()).filter(({ field }) => field.type !== 'secret'));

/**
 * The typed, defaulted view of the core settings. Each value is the one `getSettings` gives (stored over
 * the default as filtered by `helpdesk_settings_menus`) when it is valid for the core field; otherwise
 * the core default, so a plugin that retypes or removes a core field, or a row edited by hand, cannot
 * hand a reader a value of the wrong type.
 */
export async function getCoreSettings(ctx: DomainContext): Promise<CoreSettings> {
  const values = await getSettings(ctx);
  const cached = coreViews.get(values);
  if (cached) return cached;
  const view: Record<string, Record<string, unknown>> = {};
  for (const { tab, key, field } of listCoreFields()) {
    const value = values[tab]?.[key];
    view[tab] ??= {};
    view[tab][key] = isValidCoreValue(field, value) ? value : structuredClone(field.default);
  }
  const typed = deepFreeze(view) as unknown as CoreSettings;
  coreViews.set(values, typed);
  return typed;
}

// getSettings returns the same frozen object until the settings change, so the view is made once per change.
const coreViews = new WeakMap<object, CoreSettings>();

// Against the core field, not the filtered one: a select's value stays one of the core options and a
// number within the core bounds, which is what the type (and every reader) relies on.
function isValidCoreValue(field: SettingsField, value: unknown): boolean {
  return value !== undefined && validateSetting(field, value) === undefined;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A setting added by a plugin (or any field, untyped): the value `getSettings` gives, or undefined. */
export async function getPluginSetting(ctx: DomainContext, tab: string, key: string): Promise<unknown> {
  return (await getSettings(ctx))[tab]?.[key];
}
