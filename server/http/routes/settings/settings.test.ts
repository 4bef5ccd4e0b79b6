import { beforeAll, expect, it } from 'vitest';
import { getTicketFormFields } from '../../../settings/get-ticket-form-fields.js';
import type { SettingsSchema } from '../../../settings/schema-types.js';
import { getSettings } from '../../../settings/settings.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const addSlaTab = (menus: SettingsSchema): SettingsSchema => ({
  ...menus,
  sla: {
    label: 'SLA',
    sections: {
      targets: {
        label: 'Targets',
        desc: 'Response targets',
        fields: { first_reply_hours: { type: 'number', label: 'First reply within (hours)', default: 24, min: 1, max: 720 } },
      },
    },
  },
});

describeEachDatabase('settings', (dialect) => {
  const hd = useTestHelpdesk(dialect, { plugins: [(hooks) => hooks.addFilter('helpdesk_settings_menus', 'acme/sla', addSlaTab)] });
  let admin: { authorization: string };
  let agent: { authorization: string };
  beforeAll(async () => {
    admin = await hd.authAs('admin');
    agent = await hd.authAs('agent');
  });
  const call = (method: 'GET' | 'PATCH', url: string, headers: object, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: headers as Record<string, string>, payload });

  it('GET /settings/schema returns the filtered schema with the required fields', async () => {
    const res = await call('GET', '/settings/schema', admin);
    expect(res.statusCode).toBe(200);
    const schema = res.json();
    expect(schema.tickets.sections.submission.fields.create_accounts).toMatchObject({
      type: 'checkbox',
      label: 'Create accounts for new clients',
      default: false,
    });
    expect(schema.tickets.sections.statuses.fields.change_status).toMatchObject({
      type: 'checkbox',
      label: 'Change ticket status',
      default: true,
    });
    expect(schema.tickets.sections.form_fields.fields.form_fields.default.map((f: { key: string }) => f.key)).toEqual([
      'subject',
      'description',
      'product',
      'reason',
      'urgency',
      'order_id',
    ]);
    expect(schema.sla.sections.targets.fields.first_reply_hours).toMatchObject({ type: 'number', default: 24 });
  });

  it('builds the schema through helpdesk_settings_menus on every call', async () => {
    let calls = 0;
    hd.hooks.addFilter('helpdesk_settings_menus', 'test/count', (menus) => {
      calls += 1;
      return menus;
    });
    try {
      await call('GET', '/settings/schema', admin);
      await call('GET', '/settings/schema', admin);
      expect(calls).toBe(2);
    } finally {
      hd.hooks.removeFilter('helpdesk_settings_menus', 'test/count');
    }
  });

  it('serves defaults, saves a field added by a filter, and validates it against the schema', async () => {
    expect((await call('GET', '/settings', admin)).json().sla).toEqual({ first_reply_hours: 24 });
    const saved = await call('PATCH', '/settings', admin, { sla: { first_reply_hours: 8 }, tickets: { create_accounts: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sla.first_reply_hours).toBe(8);
    expect((await getSettings(hd.ctx)).tickets?.create_accounts).toBe(true);

    const bad = await call('PATCH', '/settings', admin, {
      sla: { first_reply_hours: 0, nope: 1 },
      tickets: { create_accounts: 'yes' },
      ghost: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['ghost', 'sla.first_reply_hours', 'sla.nope', 'tickets.create_accounts']);
    expect((await getSettings(hd.ctx)).sla?.first_reply_hours).toBe(8);
  });

  it('validates the ticket form fields, custom fields included', async () => {
    const fields = [
      ...(await getTicketFormFields(hd.ctx)),
      { key: 'browser', label: 'Browser', type: 'select', required: false, options: ['Chrome', 'Firefox'] },
    ];
    expect((await call('PATCH', '/settings', admin, { tickets: { form_fields: fields } })).statusCode).toBe(200);
    expect((await getTicketFormFields(hd.ctx)).at(-1)).toMatchObject({ key: 'browser', options: ['Chrome', 'Firefox'] });
    const withoutSubject = fields.filter((f) => f.key !== 'subject');
    const res = await call('PATCH', '/settings', admin, { tickets: { form_fields: withoutSubject } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'tickets.form_fields', detail: expect.stringContaining('subject') });
  });

  it('is for admins only: agents get 403, anonymous callers 401', async () => {
    expect((await call('GET', '/settings/schema', agent)).statusCode).toBe(403);
    expect((await call('PATCH', '/settings', agent, { tickets: { create_accounts: true } })).statusCode).toBe(403);
    expect((await call('GET', '/settings', {})).statusCode).toBe(401);
  });

  it('a menus handler calling the settings getter or the form-fields getter gets a clear recursion error', async () => {
    for (const getter of [getSettings, getTicketFormFields]) {
      let caught: unknown;
      hd.hooks.addFilter('helpdesk_settings_menus', 'test/recursive', async (menus) => {
        try {
          await getter(hd.ctx);
        } catch (error) {
          caught = error;
        }
        return menus;
      });
      try {
        expect((await call('GET', '/settings/schema', admin)).statusCode).toBe(200);
        expect(caught).toBeInstanceOf(Error);
        expect((caught as Error).message).toMatch(/helpdesk_settings_menus.*recursion/);
      } finally {
        hd.hooks.removeFilter('helpdesk_settings_menus', 'test/recursive');
      }
    }
  });

  it('the site option users_can_register ("Anyone can register") is off by default and admins can change it', async () => {
    const url = '/api/site/v1/options';
    expect((await hd.app.inject({ method: 'GET', url, headers: admin })).json()).toMatchObject({ users_can_register: false });
    const res = await hd.app.inject({ method: 'PATCH', url, headers: admin, payload: { users_can_register: true } });
    expect(res.json()).toMatchObject({ users_can_register: true });
    const bad = await hd.app.inject({ method: 'PATCH', url, headers: admin, payload: { users_can_register: 'on', anyone: true } });
    expect(bad.statusCode).toBe(400);
    expect((await hd.app.inject({ method: 'PATCH', url, headers: agent, payload: { users_can_register: false } })).statusCode).toBe(403);
    expect((await hd.app.inject({ method: 'GET', url, headers: admin })).json().users_can_register).toBe(true);
  });

  it('the settings getter follows a hook added or removed at run time and every write at once', async () => {
    await getSettings(hd.ctx);
    hd.hooks.addFilter('helpdesk_settings_menus', 'test/late', (menus) => {
      const tickets = menus.tickets;
      if (tickets)
        tickets.sections.extra = { label: 'Extra', desc: '', fields: { late_field: { type: 'text', label: 'Late', default: 'x' } } };
      return menus;
    });
    try {
      expect((await getSettings(hd.ctx)).tickets?.late_field).toBe('x');
      await hd.app.inject({ method: 'PATCH', url: '/api/helpdesk/v1/settings', headers: admin, payload: { tickets: { late_field: 'y' } } });
      expect((await getSettings(hd.ctx)).tickets?.late_field).toBe('y');
    } finally {
      hd.hooks.removeFilter('helpdesk_settings_menus', 'test/late');
    }
    expect((await getSettings(hd.ctx)).tickets).not.toHaveProperty('late_field');
    // Shared between callers, so it cannot be changed by one of them.
    const values = await getSettings(hd.ctx);
    expect(Object.isFrozen(values.tickets)).toBe(true);
  });

  it('shows the built-in labels in the language the request asks for, and a plugin’s own labels as written', async () => {
    const res = await call('GET', '/settings/schema', { ...admin, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    const schema = res.json();
    expect(schema.tickets.label).toBe('Tickets');
    expect(schema.tickets.sections.submission.label).toBe('Einreichung');
    expect(schema.tickets.sections.submission.fields.create_accounts.label).toBe('Konten für neue Kunden anlegen');
    expect(schema.login.sections.login.fields.method.options.map((o: { label: string }) => o.label)).toEqual([
      'Link per E-Mail',
      'Passwort',
      'Link per E-Mail oder Passwort',
    ]);
    expect(schema.emails.sections.templates.fields.client_ticket_created_subject.label).toBe(
      'Neues Ticket: Bestätigung an den Kunden: Betreff',
    );
    expect(schema.tickets.sections.form_fields.fields.form_fields.default[0]).toMatchObject({ key: 'subject', label: 'Betreff' });
    // Keys, values and limits are the same in every language.
    expect(schema.tickets.sections.intake.fields.limit_ip_hour).toMatchObject({ type: 'number', default: 20, min: 1 });
    expect(schema.sla).toEqual(addSlaTab({}).sla);
  });

  it('shows the settings in the admin’s own language before the browser’s, and English when nothing says otherwise', async () => {
    const english = (await call('GET', '/settings/schema', admin)).json();
    expect(english.tickets.sections.submission.label).toBe('Submission');
    expect(english.tickets.sections.form_fields.fields.form_fields.default[0].label).toBe('Subject');
    const arabicAdmin = await hd.authAs('admin');
    const newest = await hd.ctx.db.selectFrom('users').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await hd.ctx.db.updateTable('users').set({ language: 'ar' }).where('id', '=', newest.id).execute();
    const arabic = (await call('GET', '/settings/schema', { ...arabicAdmin, 'accept-language': 'de' })).json();
    expect(arabic.tickets.label).toBe('التذاكر');
    expect(arabic.sla.label).toBe('SLA');
  });
});
