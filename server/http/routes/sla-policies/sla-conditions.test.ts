import { beforeEach, expect, it } from 'vitest';
import { DEFAULT_TICKET_FORM_FIELDS } from '../../../settings/default-schema.js';
import { updateSettings } from '../../../settings/settings.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('a policy’s tag and custom-field conditions, through the API', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let agent: Headers;
  let admin: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const policyOf = async (id: number) => (await call('GET', `/tickets/${id}`, agent)).json().sla.policy?.name ?? null;
  const file = async (extra: object = {}) => {
    const filed = await call(
      'POST',
      '/tickets/',
      {},
      { name: 'Ann', email: 'ann@client.test', subject: 'Help', description: 'It broke.', ...extra },
    );
    expect(filed.statusCode, filed.body).toBe(201);
    return filed.json().id as number;
  };

  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, {
      tickets: {
        form_fields: [
          ...DEFAULT_TICKET_FORM_FIELDS,
          { key: 'plan', label: 'Your plan', type: 'select', required: false, options: ['Free', 'Pro'] },
        ],
      },
    });
    [agent, admin] = await Promise.all([hd.authAs('agent'), hd.authAs('admin')]);
  });

  it('a ticket with the custom field’s value, or with the tag, comes under the policy that asks for it', async () => {
    const vip = await hd.ctx.db
      .insertInto('terms')
      .values({ taxonomy: 'ticket_tag', name: 'vip', slug: 'vip', term_order: 0, client_label: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const targets = [{ urgency: null, first_reply: 30 }];
    for (const policy of [
      { name: 'VIP', conditions: { tag: [Number(vip.id)] }, targets },
      { name: 'Pro plan', conditions: { fields: [{ key: 'plan', values: ['Pro'] }] }, targets },
    ])
      expect((await call('POST', '/sla-policies/', admin, policy)).statusCode).toBe(201);
    const stored = (await call('GET', '/sla-policies/', admin)).json();
    expect(stored.map((p: { conditions: object }) => p.conditions)).toEqual([
      { tag: [Number(vip.id)] },
      { fields: [{ key: 'plan', values: ['Pro'] }] },
    ]);

    const pro = await file({ custom_plan: 'Pro' });
    const free = await file({ custom_plan: 'Free' });
    expect(await policyOf(pro)).toBe('Pro plan');
    expect(await policyOf(free)).toBeNull();
    const tagged = await call('PATCH', `/tickets/${free}`, agent, { tags: ['vip'] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(await policyOf(free)).toBe('VIP');
  });
});
