import { expect, it } from 'vitest';
import { updateSettings } from '../settings/settings.js';
import { composeMail } from '../test/compose-mail.js';
import { setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { receiveMail } from './receive-mail.js';

describeEachDatabase('new tickets by mail pass the one account gate', (dialect) => {
  // A site that closes every public account-creating path with the spec's filter.
  const hd = useTestHelpdesk(dialect, {
    plugins: [(hooks) => hooks.addFilter('helpdesk_can_register_users', 'test/closed', () => false)],
  });

  it('helpdesk_can_register_users refuses a stranger’s mail even with account creation on; an existing client still files', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSettings(hd.ctx, { emails: { support_address: 'support@help.test' } });
    const deps = { ctx: hd.ctx, config: hd.config, counters: hd.counters };
    const stranger = await composeMail({ from: 'stranger@client.test', to: 'support@help.test', subject: 'Hi', text: 'Let me in.' });
    expect(await receiveMail(deps, stranger, 'pipe')).toMatchObject({ kind: 'rejected' });
    expect(await hd.ctx.db.selectFrom('users').select('id').where('email', '=', 'stranger@client.test').execute()).toEqual([]);

    const time = new Date().toISOString();
    await hd.ctx.db
      .insertInto('users')
      .values({ email: 'known@client.test', name: 'Known', role: 'client', password_hash: null, created_at: time, updated_at: time })
      .execute();
    const known = await composeMail({ from: 'known@client.test', to: 'support@help.test', subject: 'Hi', text: 'It is me.' });
    expect(await receiveMail(deps, known, 'pipe')).toMatchObject({ kind: 'imported', commentId: null });
  });
});
