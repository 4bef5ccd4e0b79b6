import { beforeAll, expect, it } from 'vitest';
import { updateSiteOptions } from '../../settings/site-options.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import type { Actor } from '../context.js';
import { addUser } from '../people/add-user.js';
import { createSavedReply } from './create-saved-reply.js';
import { deleteSavedReply } from './delete-saved-reply.js';
import { listSavedReplies } from './list-saved-replies.js';
import { replyPlaceholderValues } from './reply-placeholder-values.js';
import { updateSavedReply } from './update-saved-reply.js';

const refusedField = (field: string) => ({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ field })] });

describeEachDatabase('saved replies: whose they are, who may change them, what they hold', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let alex: Actor;
  let blair: Actor;
  let admin: Actor;
  const titles = async (actor: Actor, search = '') => (await listSavedReplies(hd.ctx, actor, search)).map((r) => r.title);

  beforeAll(async () => {
    const add = async (name: string, role: 'agent' | 'admin') => {
      const user = await addUser(hd.ctx, { email: `${name.toLowerCase()}@staff.test`, name, role });
      return { id: user.id, role } as Actor;
    };
    [alex, blair, admin] = [await add('Alex', 'agent'), await add('Blair', 'agent'), await add('Ada', 'admin')];
  });

  it("an agent's own reply is theirs alone: another agent, even an admin, finds no such reply", async () => {
    const own = await createSavedReply(hd.ctx, { title: 'Alex only', text: 'Mine.' }, alex);
    expect(own).toMatchObject({ isShared: false, isEditable: true, owner: { id: alex.id, name: 'Alex' } });
    expect(await titles(alex)).toContain('Alex only');
    expect(await titles(blair)).not.toContain('Alex only');
    expect(await titles(admin)).not.toContain('Alex only');
    await expect(updateSavedReply(hd.ctx, own.id, { title: 'Taken' }, blair)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deleteSavedReply(hd.ctx, own.id, admin)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await deleteSavedReply(hd.ctx, own.id, alex);
    expect(await titles(alex)).not.toContain('Alex only');
  });

  it('only an admin shares a reply or changes a shared one; every agent reads it as not editable', async () => {
    await expect(createSavedReply(hd.ctx, { title: 'For all', text: 'Hi', shared: true }, alex)).rejects.toMatchObject(
      refusedField('shared'),
    );
    const shared = await createSavedReply(hd.ctx, { title: 'Team hello', text: 'Hello!', shared: true }, admin);
    expect(shared).toMatchObject({ isShared: true, owner: null });
    const seen = (await listSavedReplies(hd.ctx, blair)).find((r) => r.id === shared.id);
    expect(seen).toMatchObject({ isShared: true, isEditable: false });
    await expect(updateSavedReply(hd.ctx, shared.id, { text: 'Changed' }, blair)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(deleteSavedReply(hd.ctx, shared.id, alex)).rejects.toMatchObject({ code: 'FORBIDDEN' });

    // An admin who makes a shared reply personal keeps it as their own.
    const personal = await updateSavedReply(hd.ctx, shared.id, { shared: false }, admin);
    expect(personal).toMatchObject({ isShared: false, owner: { id: admin.id } });
    expect(await titles(blair)).not.toContain('Team hello');
  });

  it('the title and text are trimmed and line ends made Unix; a blank one is refused naming the field', async () => {
    const saved = await createSavedReply(hd.ctx, { title: '  Refund  ', text: '\r\nLine one\r\nLine two\r\n' }, alex);
    expect(saved).toMatchObject({ title: 'Refund', text: 'Line one\nLine two' });
    await expect(createSavedReply(hd.ctx, { title: '   ', text: 'Text' }, alex)).rejects.toMatchObject(refusedField('title'));
    await expect(createSavedReply(hd.ctx, { title: 'Empty', text: ' \n ' }, alex)).rejects.toMatchObject(refusedField('text'));
    await expect(updateSavedReply(hd.ctx, saved.id, { text: 'bell \u0007' }, alex)).rejects.toMatchObject(refusedField('text'));
    expect((await listSavedReplies(hd.ctx, alex)).find((r) => r.id === saved.id)?.text).toBe('Line one\nLine two');
  });

  it('a search keeps the replies holding every word, in any case, and reads % and _ as themselves', async () => {
    await createSavedReply(hd.ctx, { title: 'Discount code', text: 'You get 100% off the SHIPPING.' }, blair);
    await createSavedReply(hd.ctx, { title: 'Shipping times', text: 'Two days.' }, blair);
    await createSavedReply(hd.ctx, { title: 'Discount_rules', text: 'Ask a manager.' }, blair);
    expect(await titles(blair, 'shipping')).toEqual(['Discount code', 'Shipping times']);
    expect(await titles(blair, 'shipping discount')).toEqual(['Discount code']);
    expect(await titles(blair, '100%')).toEqual(['Discount code']);
    expect(await titles(blair, 't_r')).toEqual(['Discount_rules']);
  });

  it('fills the placeholders from the ticket, its client and the answering agent; an unknown ticket names the field', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSiteOptions(hd.ctx.db, { site_name: 'Acme Help' });
    const payload = ticketPayload({ name: 'Pat Client', subject: 'Printer jam' });
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload });
    expect(filed.statusCode).toBe(201);
    const values = await replyPlaceholderValues(hd.ctx, filed.json().id, alex);
    expect(values).toEqual({
      client_name: 'Pat Client',
      client_email: payload.email,
      ticket_id: String(filed.json().number ?? filed.json().id),
      ticket_subject: 'Printer jam',
      agent_name: 'Alex',
      site_name: 'Acme Help',
    });
    await expect(replyPlaceholderValues(hd.ctx, 999_999, alex)).rejects.toMatchObject(refusedField('ticket'));
  });
});
