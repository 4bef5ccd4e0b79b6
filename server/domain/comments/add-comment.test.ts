import { beforeEach, expect, it, vi } from 'vitest';
import { updateSettings } from '../../settings/settings.js';
import { setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { findTicket } from '../tickets/find-ticket.js';
import { addComment } from './add-comment.js';

describeEachDatabase('addComment and the automatic status change', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let ticketId = 0;
  let clientId = 0;
  let agentId = 0;
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const res = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    ticketId = (res.json() as { id: number }).id;
    clientId = (await findTicket(hd.ctx, ticketId))?.authorId as number;
    await hd.authAs('agent');
    agentId = (await hd.ctx.db.selectFrom('users').select('id').where('role', '=', 'agent').executeTakeFirstOrThrow()).id;
  });
  const status = async () => (await findTicket(hd.ctx, ticketId))?.ticketStatus;
  const client = () => ({ id: clientId, role: 'client' as const });
  const agent = () => ({ id: agentId, role: 'agent' as const });

  it('a client comment moves the ticket to Waiting, an agent comment to In Progress', async () => {
    expect(await addComment(hd.ctx, { ticketId, text: 'hi', role: 'client' }, client())).toMatchObject({ movedTo: 'waiting' });
    expect(await status()).toBe('waiting');
    expect(await addComment(hd.ctx, { ticketId, text: 'on it', role: 'agent' }, agent())).toMatchObject({ movedTo: 'in-progress' });
    expect(await status()).toBe('in-progress');
  });

  it('"Change ticket status" off: nothing moves', async () => {
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    await addComment(hd.ctx, { ticketId, text: 'hi', role: 'client' }, client());
    expect(await status()).toBe('open');
  });

  it('a suppressed transition never moves, whatever the setting (the auto responder)', async () => {
    await addComment(hd.ctx, { ticketId, text: 'auto', role: 'bot', suppressTransition: true }, null);
    await addComment(hd.ctx, { ticketId, text: 'hi', role: 'client', suppressTransition: true }, client());
    expect(await status()).toBe('open');
  });

  it('the filter gets (true, ticket, isClient, commentId) and can veto', async () => {
    const calls: unknown[][] = [];
    hd.hooks.addFilter('helpdesk_auto_status_transition_on_comment', 'acme/hold', async (allow, ticket, isClient, commentId) => {
      calls.push([allow, ticket.id, isClient, commentId]);
      const comment = await hd.ctx.db.selectFrom('comments').select('content').where('id', '=', commentId).executeTakeFirst();
      return comment?.content === 'keep the status' ? false : allow;
    });
    const held = await addComment(hd.ctx, { ticketId, text: 'keep the status', role: 'agent' }, agent());
    expect(calls).toEqual([[true, ticketId, false, held.id]]);
    expect(await status()).toBe('open');
    await addComment(hd.ctx, { ticketId, text: 'reply', role: 'agent' }, agent());
    expect(await status()).toBe('in-progress');
  });

  it('an internal note changes nothing the client sees: the status stays, the filter is not asked', async () => {
    const asked = vi.fn((allow: boolean) => allow);
    hd.hooks.addFilter('helpdesk_auto_status_transition_on_comment', 'acme/count', asked);
    await addComment(hd.ctx, { ticketId, text: 'hi', role: 'client' }, client());
    expect(await status()).toBe('waiting');
    const note = await addComment(hd.ctx, { ticketId, text: 'Checking with billing first.', role: 'agent', isInternal: true }, agent());
    expect(note.movedTo).toBeNull();
    expect(await status()).toBe('waiting');
    expect(asked).toHaveBeenCalledTimes(1);
    // The client still spoke last: the ticket still needs a reply.
    const row = await hd.ctx.db.selectFrom('posts').select('client_spoke_last').where('id', '=', ticketId).executeTakeFirstOrThrow();
    expect(Number(row.client_spoke_last)).toBe(1);
  });

  it("refuses: another client's ticket (NOT_FOUND), notes by clients, agent replies by clients, empty text", async () => {
    await expect(addComment(hd.ctx, { ticketId, text: 'x', role: 'client' }, { id: agentId + 1000, role: 'client' })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    await expect(addComment(hd.ctx, { ticketId, text: 'x', role: 'client', isInternal: true }, client())).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(addComment(hd.ctx, { ticketId, text: 'x', role: 'agent' }, client())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(addComment(hd.ctx, { ticketId, text: '  \n ', role: 'client' }, client())).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await hd.ctx.db.selectFrom('comments').selectAll().execute()).toEqual([]);
  });

  it('"Send and set Resolved" with the settings cache expired completes (it once waited for its own transaction)', async () => {
    // The settings are kept 2 s: past that, they are read from the database again.
    const later = Date.now() + 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await addComment(hd.ctx, { ticketId, text: 'fixed', role: 'agent', status: 'resolved' }, agent());
    } finally {
      vi.restoreAllMocks();
    }
    expect(await status()).toBe('resolved');
  });

  it('writes the comment, its is_internal meta and the comment_added job together', async () => {
    const { id } = await addComment(hd.ctx, { ticketId, text: 'note', role: 'agent', isInternal: true }, agent());
    const meta = await hd.ctx.db.selectFrom('comment_meta').select(['meta_key', 'meta_value']).where('comment_id', '=', id).execute();
    expect(meta).toEqual([{ meta_key: 'is_internal', meta_value: '1' }]);
    const jobs = await hd.ctx.db.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', 'comment_added').execute();
    expect(jobs).toEqual([{ kind: 'comment_added', payload: JSON.stringify({ ticketId, commentId: id }) }]);
  });
});
