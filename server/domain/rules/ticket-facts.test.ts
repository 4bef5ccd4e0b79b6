import { beforeAll, expect, it } from 'vitest';
import { getCoreSettings } from '../../settings/core-settings.js';
import { createAgent, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addComment } from '../comments/add-comment.js';
import { changeTicketAlone } from '../tickets/change-ticket.js';
import { readTicketFacts, readTicketFactsMany } from './ticket-facts.js';

describeEachDatabase('what rules read of a ticket', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let alex: TestUser;
  let ticketId: number;

  beforeAll(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    alex = await createAgent(hd, { name: 'Alex' });
    ticketId = (await createTicket(hd, { subject: 'Broken hinge', description: 'The hinge broke.' })).id;
    await hd.ctx.db.insertInto('post_meta').values({ post_id: ticketId, meta_key: 'custom_plan', meta_value: 'pro' }).execute();
    const settings = await getCoreSettings(hd.ctx);
    await changeTicketAlone(hd.ctx, ticketId, { urgency: 'high', tags: ['VIP'], assignee: alex.id }, { actorId: alex.id, settings });
  });

  it('reads the status, urgency, assignee, tags by name, custom fields and the channel it came by', async () => {
    const urgency = await hd.ctx.db.selectFrom('terms').select('id').where('slug', '=', 'high').executeTakeFirstOrThrow();
    expect(await readTicketFacts(hd.ctx.db, ticketId)).toMatchObject({
      subject: 'Broken hinge',
      status: 'open',
      urgency: urgency.id,
      assignee: alex.id,
      tags: ['VIP'],
      fields: { plan: 'pro' },
      channel: 'api',
    });
  });

  it('the message is the description until someone writes, then the newest public message, never a note', async () => {
    expect((await readTicketFacts(hd.ctx.db, ticketId))?.message).toBe('The hinge broke.');
    await addComment(hd.ctx, { ticketId, text: 'We will send a new one.', role: 'agent' }, alex.actor);
    await addComment(hd.ctx, { ticketId, text: 'Internal: order a hinge.', role: 'agent', isInternal: true }, alex.actor);
    expect((await readTicketFacts(hd.ctx.db, ticketId))?.message).toBe('We will send a new one.');
  });

  it('reads many tickets at once, leaving out those that are gone', async () => {
    const other = await createTicket(hd, { subject: 'Other' });
    const facts = await readTicketFactsMany(hd.ctx.db, [ticketId, other.id, 999_999]);
    expect(facts.map((f) => f.subject)).toEqual(['Other', 'Broken hinge']);
  });
});
