import { expect, it } from 'vitest';
import { createPost } from '../../../domain/content/create-post.js';
import { updateSettings } from '../../../settings/settings.js';
import { updateSiteOptions } from '../../../settings/site-options.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('GET /setup/checklist: what a new site still lacks', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  it('says where mail goes without SMTP, and ticks off a first doc and a first agent; admins only', async () => {
    const admin = await hd.authAs('admin');
    const get = async (headers: Record<string, string>) =>
      hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/setup/checklist', headers });
    const fresh = (await get(admin)).json();
    expect(fresh).toEqual({
      mail: { done: false, detail: expect.stringContaining('No SMTP server is set') },
      first_doc: { done: false },
      first_agent: { done: false },
      widget: { accepts_tickets: true, accepts_new_visitors: false },
    });
    expect(fresh.mail.detail).toContain(hd.config.dataDir);
    await createPost(hd.ctx, 'doc', { title: 'First', content: 'x' }, null);
    const agent = await hd.authAs('agent');
    expect((await get(admin)).json()).toMatchObject({ first_doc: { done: true }, first_agent: { done: true } });
    expect((await get(agent)).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(401);
  });

  it('says whom the widget refuses: new visitors while no account may be made, everyone while it is off', async () => {
    const admin = await hd.authAs('admin');
    const widget = async () =>
      (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/setup/checklist', headers: admin })).json().widget;
    await updateSiteOptions(hd.ctx.db, { users_can_register: true });
    expect(await widget()).toEqual({ accepts_tickets: true, accepts_new_visitors: true });
    await updateSiteOptions(hd.ctx.db, { users_can_register: false });
    await updateSettings(hd.ctx, { tickets: { create_accounts: true, intake_enabled: false } });
    expect(await widget()).toEqual({ accepts_tickets: false, accepts_new_visitors: true });
    // The filter has the last word, as it has when a ticket is filed.
    hd.hooks.addFilter('helpdesk_can_register_users', 'test/closed', () => false);
    expect(await widget()).toEqual({ accepts_tickets: false, accepts_new_visitors: false });
  });
});
