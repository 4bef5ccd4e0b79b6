import { AsyncLocalStorage } from 'node:async_hooks';
import { message } from '../../common/i18n/translator.js';
import { type AuditContext, isSecretName, maskSecret, recordSettingsChanges } from '../audit/record-audit.js';
import type { DomainContext } from '../domain/context.js';
import { readOption, writeOption } from '../domain/options.js';
import { AppError, type FieldError, fieldError, fieldsDetail } from '../errors.js';
import type { Hooks } from '../hooks/create-hooks.js';
import { decryptSecret, encryptSecret } from '../secrets/secret-box.js';
import { recordSecretsSeed } from '../secrets/seed-check.js';
// A cycle (core-settings reads getSettings), safe: each side uses the other only when called.
import { defaultSettingsSchema } from './default-schema.js';
import type { SettingsField, SettingsSchema, SettingsValues } from './schema-types.js';
import { validateSetting } from './validate-setting.js';

const SETTINGS_OPTION = 'helpdesk_settings';

/** What the API shows for a stored secret: secrets are write-only. Sending it back keeps the secret. */
export const SECRET_MASK = '••••••••';

// Marks the async work done inside helpdesk_settings_menus, so the getters can refuse to recurse.
const buildingSchema = new AsyncLocalStorage<true>();

/** Thrown when a `helpdesk_settings_menus` handler calls a getter that needs the schema it is building. */
export class SettingsRecursionError extends Error {
  override name = 'SettingsRecursionError';
}

/** Throws SettingsRecursionError when called from inside a `helpdesk_settings_menus` handler. */
export function refuseInsideMenusFilter(getter: string): void {
  if (buildingSchema.getStore()) {
    throw new SettingsRecursionError(
      `${getter} was called from a helpdesk_settings_menus handler. That getter builds the settings schema, ` +
        // i18n-exempt: a plugin developer's programming error, thrown, never shown to users
        'which runs helpdesk_settings_menus again (infinite recursion). Read the menus argument instead.',
    );
  }
}

/** Builds the settings schema and passes it through `helpdesk_settings_menus` (every call). */
export async function buildSettingsSchema(hooks: Hooks): Promise<SettingsSchema> {
  // Without a handler nothing can recurse. The first AsyncLocalStorage.run switches on Node's async hooks for
  // good (every promise of every request then runs them: CPU, and ~2 MiB of optimised code for them at idle).
  if (!hooks.hasFilter('helpdesk_settings_menus')) return defaultSettingsSchema();
  const schema = await buildingSchema.run(true, () => hooks.applyFilters('helpdesk_settings_menus', defaultSettingsSchema()));
  assertSchemaShape(schema);
  return schema;
}

/** Every field of the schema with its tab, in schema order. */
export function listFields(schema: SettingsSchema): Array<{ tab: string; key: string; field: SettingsField }> {
  return Object.entries(schema).flatMap(([tab, { sections }]) =>
    Object.values(sections).flatMap(({ fields }) => Object.entries(fields).map(([key, field]) => ({ tab, key, field }))),
  );
}

// Read several times per request on hot paths (ticket intake) and changed rarely, the values are
// kept briefly per database: a write through this process or a new hook refreshes them at once,
// another instance's write shows within the TTL.
const VALUES_TTL_MS = 2_000;
const valuesCache = new WeakMap<object, { hooksVersion: number; expiresAt: number; values: Promise<SettingsValues> }>();

/**
 * The settings getter: stored values over schema defaults, for every field of the filtered schema.
 * The result is shared and frozen: copy it to change it.
 */
export async function getSettings(ctx: DomainContext): Promise<SettingsValues> {
  // i18n-exempt: names a function in a plugin developer's error
  refuseInsideMenusFilter('The settings getter (getSettings)');
  if (ctx.performanceOff.has('caches')) return readSettings(ctx).then(deepFreeze);
  const hit = valuesCache.get(ctx.db);
  if (hit && hit.hooksVersion === ctx.hooks.version && hit.expiresAt > Date.now()) return hit.values;
  const values = readSettings(ctx).then(deepFreeze);
  valuesCache.set(ctx.db, { hooksVersion: ctx.hooks.version, expiresAt: Date.now() + VALUES_TTL_MS, values });
  values.catch(() => valuesCache.delete(ctx.db));
  return values;
}

async function readSettings(ctx: DomainContext): Promise<SettingsValues> {
  const schema = await buildSettingsSchema(ctx.hooks);
  const stored = ((await readOption(ctx.db, SETTINGS_OPTION)) ?? {}) as SettingsValues;
  const values: SettingsValues = {};
  for (const { tab, key, field } of listFields(schema)) {
    values[tab] ??= {};
    const storedValue = stored[tab]?.[key];
    if (field.type === 'secret') values[tab][key] = storedValue ? SECRET_MASK : '';
    else values[tab][key] = storedValue !== undefined ? storedValue : structuredClone(field.default);
  }
  return values;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Validates a partial update against the filtered schema and stores it. All-or-nothing: one bad field
 * rejects the whole update, naming every bad field.
 */
export async function updateSettings(ctx: DomainContext, patch: SettingsValues, audit?: AuditContext): Promise<SettingsValues> {
  const schema = await buildSettingsSchema(ctx.hooks);
  const fieldsByTab = new Map<string, Map<string, SettingsField>>();
  for (const { tab, key, field } of listFields(schema)) {
    if (!fieldsByTab.has(tab)) fieldsByTab.set(tab, new Map());
    fieldsByTab.get(tab)?.set(key, field);
  }

  const errors: FieldError[] = [];
  for (const [tab, tabValues] of Object.entries(patch)) {
    const fields = fieldsByTab.get(tab);
    if (!fields) {
      errors.push(fieldError(tab, message('problems.settings.no_tab', { tabs: [...fieldsByTab.keys()].join(', ') })));
      continue;
    }
    if (typeof tabValues !== 'object' || tabValues === null || Array.isArray(tabValues)) {
      errors.push(fieldError(tab, message('problems.settings.tab_object')));
      continue;
    }
    for (const [key, value] of Object.entries(tabValues)) {
      const field = fields.get(key);
      const problem = field ? validateSetting(field, value) : message('problems.settings.no_field', { tab });
      if (problem) errors.push(fieldError(`${tab}.${key}`, problem));
    }
  }
  if (errors.length) {
    throw new AppError('VALIDATION_FAILED', fieldsDetail(errors), errors);
  }

  const stored = ((await readOption(ctx.db, SETTINGS_OPTION)) ?? {}) as SettingsValues;
  const seed = await currentSeed(ctx);
  let hasNewSecret = false;
  // What the audit log records: each changed field's old and new value, a secret's only as set or empty.
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const [tab, tabValues] of Object.entries(patch)) {
    const next = { ...stored[tab] };
    for (const [key, value] of Object.entries(tabValues)) {
      const field = fieldsByTab.get(tab)?.get(key);
      const before = stored[tab]?.[key] !== undefined ? stored[tab]?.[key] : field?.default;
      if (field?.type !== 'secret') {
        next[key] = value;
        if (JSON.stringify(before) === JSON.stringify(value)) continue;
        changes[`${tab}.${key}`] = isSecretName(key)
          ? { old: maskSecret(before), new: maskSecret(value) }
          : { old: before ?? null, new: value };
      }
      // The mask is what GET returned: the screen sent the secret back unchanged.
      else if (value !== SECRET_MASK) {
        next[key] = value === '' ? '' : encryptSecret(seed, `${tab}.${key}`, value as string);
        hasNewSecret ||= value !== '';
        if (value !== '' || before) changes[`${tab}.${key}`] = { old: maskSecret(before), new: maskSecret(value) };
      }
    }
    stored[tab] = next;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await writeOption(trx, SETTINGS_OPTION, stored);
    await recordSettingsChanges(trx, audit, 'settings', changes);
  });
  if (hasNewSecret) await recordSecretsSeed(ctx.db, seed);
  valuesCache.delete(ctx.db);
  return getSettings(ctx);
}

// A handler returning the wrong shape would otherwise fail far away, in a screen or a getter.
function assertSchemaShape(schema: unknown): asserts schema is SettingsSchema {
  const fail = (where: string, what: string) => {
    throw new TypeError(`helpdesk_settings_menus returned a bad schema: ${where} ${what}.`);
  };
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) fail('the schema', 'must be an object keyed by tab slug');
  const seen = new Map<string, string>();
  for (const [tab, tabDef] of Object.entries(schema as Record<string, any>)) {
    if (typeof tabDef?.label !== 'string') fail(`tab "${tab}"`, 'needs a label');
    if (typeof tabDef.sections !== 'object' || tabDef.sections === null) fail(`tab "${tab}"`, 'needs sections');
    for (const [section, sectionDef] of Object.entries(tabDef.sections as Record<string, any>)) {
      if (typeof sectionDef?.fields !== 'object' || sectionDef.fields === null) fail(`section "${tab}.${section}"`, 'needs fields');
      for (const [key, field] of Object.entries(sectionDef.fields as Record<string, any>)) {
        if (typeof field?.type !== 'string' || typeof field.label !== 'string' || !('default' in field)) {
          fail(`field "${tab}.${key}"`, 'needs type, label and default');
        }
        const other = seen.get(`${tab}.${key}`);
        if (other) fail(`field "${tab}.${key}"`, `is defined in both sections "${other}" and "${section}"`);
        seen.set(`${tab}.${key}`, section);
      }
    }
  }
}

/** The seed that encrypts secrets now: the install-time seed through `helpdesk_encryption_seed`. */
export async function currentSeed(ctx: DomainContext): Promise<string> {
  const seed = await ctx.hooks.applyFilters('helpdesk_encryption_seed', ctx.encryptionSeed);
  if (typeof seed !== 'string' || seed.length < 16)
    throw new TypeError('helpdesk_encryption_seed must return a string of at least 16 characters.');
  return seed;
}

/**
 * A secret setting in plain text, for the code that uses it (never for a response or a log); null when
 * unset or unreadable (the seed changed, or the stored value was altered).
 */
export async function findSecretSetting(ctx: DomainContext, tab: string, key: string): Promise<string | null> {
  const stored = ((await readOption(ctx.db, SETTINGS_OPTION)) ?? {}) as SettingsValues;
  const value = stored[tab]?.[key];
  if (typeof value !== 'string' || value === '') return null;
  return decryptSecret(await currentSeed(ctx), `${tab}.${key}`, value);
}

/** Stored secrets the current seed cannot decrypt (`tab.key`): the admin must enter them again. */
export async function listUnreadableSecrets(ctx: DomainContext): Promise<string[]> {
  const schema = await buildSettingsSchema(ctx.hooks);
  const stored = ((await readOption(ctx.db, SETTINGS_OPTION)) ?? {}) as SettingsValues;
  const seed = await currentSeed(ctx);
  return listFields(schema)
    .filter(({ tab, key, field }) => {
      const value = stored[tab]?.[key];
      return field.type === 'secret' && typeof value === 'string' && value !== '' && decryptSecret(seed, `${tab}.${key}`, value) === null;
    })
    .map(({ tab, key }) => `${tab}.${key}`);
}
