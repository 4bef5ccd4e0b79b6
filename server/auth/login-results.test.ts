import { beforeEach, expect, it, onTestFinished, vi } from 'vitest';
import { addUser } from '../domain/people/add-user.js';
import { findOrCreateClient } from '../domain/people/find-or-create-client.js';
import { setPasswordByEmail } from '../domain/people/staff-users.js';
import { updateSettings } from '../settings/settings.js';
import { setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { login } from './auth.js';
import { FREE_PASSWORD_TRIES } from './password-guesses.js';

// A wrong password is an answer, not an exception: login() says `wrong_password` (still counted as a
// wrong guess), and the staff sign-in answers it as an INVALID_CREDENTIALS problem, not INVALID_TOKEN.

describeEachDatabase('wrong passwords and the one account gate', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  beforeEach(() => updateSettings(hd.ctx, { login: { method: 'both' } }));

  it('login() answers wrong_password for a wrong password or an unknown address, and counts each as a guess', async () => {
    await addUser(hd.ctx, { email: 'pat@client.test', name: 'Pat', role: 'client' });
    await setPasswordByEmail(hd.ctx, 'pat@client.test', 'the right password');
    const ip = '198.51.100.4';
    // The clock stands still: the 1 s wait after the free tries must not run out while a busy machine hashes.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    expect(await login(hd.ctx, { email: 'nobody@client.test', password: 'anything at all', ip })).toEqual({ kind: 'wrong_password' });
    for (let i = 0; i < FREE_PASSWORD_TRIES; i++) {
      expect(await login(hd.ctx, { email: 'pat@client.test', password: 'a wrong password', ip })).toEqual({ kind: 'wrong_password' });
    }
    // The free tries are used up: the next guess waits, even the right one.
    expect((await login(hd.ctx, { email: 'pat@client.test', password: 'the right password', ip })).kind).toBe('rate_limited');
    // From the owner's own address the right password still signs in.
    expect(await login(hd.ctx, { email: 'pat@client.test', password: 'the right password', ip: '203.0.113.9' })).toMatchObject({
      kind: 'signed_in',
    });
  });

  it('findOrCreateClient: an existing account whatever the gate; a new client only when helpdesk_can_register_users allows', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    const known = await addUser(hd.ctx, { email: 'known@client.test', name: 'Known', role: 'client' });
    expect((await findOrCreateClient(hd.ctx, { email: ' Known@Client.test', name: 'K' }))?.id).toBe(known.id);
    expect(await findOrCreateClient(hd.ctx, { email: 'new@client.test', name: 'New' })).toBeUndefined();
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const created = await findOrCreateClient(hd.ctx, { email: 'new@client.test', name: 'New' });
    expect(created).toMatchObject({ email: 'new@client.test', name: 'New', role: 'client' });
    hd.hooks.addFilter('helpdesk_can_register_users', 'test/closed', () => false);
    expect(await findOrCreateClient(hd.ctx, { email: 'other@client.test', name: 'Other' })).toBeUndefined();
    const emails = (await hd.ctx.db.selectFrom('users').select('email').orderBy('email').execute()).map((u) => u.email);
    expect(emails).toEqual(['known@client.test', 'new@client.test']);
  });
});
