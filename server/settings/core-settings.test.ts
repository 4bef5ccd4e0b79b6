import { describe, expect, expectTypeOf, it } from 'vitest';
import type { LoginMethod } from '../auth/auth.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { type CoreSettings, getCoreSettings, getPluginSetting } from './core-settings.js';
import { defaultSettingsSchema } from './default-schema.js';
import type { SettingsSchema, TicketFormField } from './schema-types.js';
import { listFields, updateSettings } from './settings.js';

const SETTINGS_OPTION = 'helpdesk_settings';

describeEachDatabase('typed core settings', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  it("has every core field but the secrets, each with the default schema's default", async () => {
    const core = (await getCoreSettings(hd.ctx)) as unknown as Record<string, Record<string, unknown>>;
    const fields = listFields(defaultSettingsSchema());
    expect(fields.length).toBeGreaterThan(30);
    for (const { tab, key, field } of fields) {
      if (field.type === 'secret') expect(core[tab], `${tab}.${key}`).not.toHaveProperty(key);
      else expect(core[tab]?.[key], `${tab}.${key}`).toEqual(field.default);
    }
    const coreKeys = Object.entries(core).flatMap(([tab, values]) => Object.keys(values).map((key) => `${tab}.${key}`));
    expect(coreKeys.sort()).toEqual(
      fields
        .filter(({ field }) => field.type !== 'secret')
        .map(({ tab, key }) => `${tab}.${key}`)
        .sort(),
    );
  });

  it('gives stored values, and defaults changed through helpdesk_settings_menus', async () => {
    hd.hooks.addFilter('helpdesk_settings_menus', 'test/stricter', (menus: SettingsSchema) => {
      const field = menus.tickets?.sections.intake?.fields.limit_ip_hour;
      if (field) field.default = 3;
      return menus;
    });
    await updateSettings(hd.ctx, { tickets: { limit_email_hour: 2 }, login: { method: 'password' } });
    const core = await getCoreSettings(hd.ctx);
    expect(core.tickets.limit_ip_hour).toBe(3);
    expect(core.tickets.limit_email_hour).toBe(2);
    expect(core.login.method).toBe('password');
  });

  it("keeps a plugin's field out of the core view; getPluginSetting reads it as unknown", async () => {
    hd.hooks.addFilter('helpdesk_settings_menus', 'test/plugin', (menus: SettingsSchema) => {
      const fields = menus.tickets?.sections.submission?.fields;
      if (fields) fields.acme_sla_hours = { type: 'number', label: 'SLA', default: 24 };
      return menus;
    });
    const core = await getCoreSettings(hd.ctx);
    expect(core.tickets).not.toHaveProperty('acme_sla_hours');
    expect(await getPluginSetting(hd.ctx, 'tickets', 'acme_sla_hours')).toBe(24);
  });

  it('falls back to the core default for a stored value of the wrong type or outside the core options', async () => {
    const stored = { tickets: { limit_ip_hour: '50', change_status: 'yes', min_fill_seconds: 9 }, login: { method: 'sso' } };
    await hd.ctx.db.deleteFrom('options').where('name', '=', SETTINGS_OPTION).execute();
    await hd.ctx.db
      .insertInto('options')
      .values({ name: SETTINGS_OPTION, value: JSON.stringify(stored) })
      .execute();
    await updateSettings(hd.ctx, {}); // drops the cached values
    const core = await getCoreSettings(hd.ctx);
    expect(core.tickets.limit_ip_hour).toBe(20);
    expect(core.tickets.change_status).toBe(true);
    expect(core.tickets.min_fill_seconds).toBe(9);
    expect(core.login.method).toBe('email_link');
  });
});

describe('CoreSettings type', () => {
  it('types each core field from the default schema and has no plugin fields', () => {
    expectTypeOf<CoreSettings['tickets']['limit_ip_hour']>().toEqualTypeOf<number>();
    expectTypeOf<CoreSettings['tickets']['create_accounts']>().toEqualTypeOf<boolean>();
    expectTypeOf<CoreSettings['tickets']['form_fields']>().toEqualTypeOf<readonly TicketFormField[]>();
    expectTypeOf<CoreSettings['login']['method']>().toEqualTypeOf<'email_link' | 'password' | 'both'>();
    expectTypeOf<LoginMethod>().toEqualTypeOf<'email_link' | 'password' | 'both'>();
    expectTypeOf<CoreSettings['emails']['client_ticket_created_subject']>().toEqualTypeOf<string>();
    expectTypeOf<CoreSettings['ai']['timeout_seconds']>().toEqualTypeOf<number>();
    expectTypeOf<CoreSettings['tickets']>().not.toHaveProperty('acme_sla_hours');
    expectTypeOf<CoreSettings['ai']>().not.toHaveProperty('api_key');
    expectTypeOf<keyof CoreSettings>().toEqualTypeOf<'tickets' | 'login' | 'privacy' | 'emails' | 'ai'>();
    // @ts-expect-error a plugin's field is not part of the core type
    expectTypeOf<CoreSettings['tickets']['acme_sla_hours']>().toBeUnknown();
  });
});
