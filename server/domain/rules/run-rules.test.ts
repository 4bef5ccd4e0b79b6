import { beforeAll, beforeEach, expect, it } from 'vitest';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createRule, createSavedReply, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { memoryMail } from '../../test/site-client.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addComment } from '../comments/add-comment.js';
import { createSlaPolicy } from '../sla/create-sla-policy.js';
import { changeTicketAlone, type TicketChanges } from '../tickets/change-ticket.js';
import { fireSlaEvents } from '../tickets/fire-sla-events.js';
import { listTicketEvents } from '../tickets/ticket-activity.js';
import { reorderRules } from './reorder-rules.js';
import { runRules } from './run-rules.js';

const START = new Date('2026-12-07T10:00:00.000Z');

describeEachDatabase('rules on a ticket’s events: conditions, actions, order, and a rule never re-triggering itself', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let clock = START;
  let alex: TestUser;
  let bea: TestUser;
  let mail: ReturnType<typeof memoryMail>;
  const urgency: Record<string, number> = {};

  beforeAll(async () => {
    hd.ctx.now = () => clock;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    alex = await createAgent(hd, { name: 'Alex' });
    bea = await createAgent(hd, { name: 'Bea' });
    for (const row of await hd.ctx.db.selectFrom('terms').select(['id', 'slug']).where('taxonomy', '=', 'ticket_urgency').execute())
      urgency[row.slug] = row.id;
    mail = memoryMail(hd);
  });
  beforeEach(async () => {
    clock = START;
    await hd.ctx.db.deleteFrom('rule_firings').execute();
    await hd.ctx.db.deleteFrom('rules').execute();
    await hd.ctx.db.deleteFrom('sla_policies').execute();
    await hd.ctx.db.deleteFrom('agent_assignment').execute();
    await mail.drain();
    mail.sent.length = 0;
  });

  const change = async (ticketId: number, changes: TicketChanges) => {
    await changeTicketAlone(hd.ctx, ticketId, changes, { actorId: alex.id, settings: await getCoreSettings(hd.ctx) });
    await mail.drain();
  };
  const fileTicket = async (subject = 'Printer jams') => {
    const ticket = await createTicket(hd, { subject });
    await mail.drain();
    return ticket;
  };
  /** Every staff member Away (fair assignment passes them over) but the one given. */
  const awayAllBut = async (userId: number | null) => {
    const staff = await hd.ctx.db.selectFrom('users').select('id').where('role', 'in', ['agent', 'admin']).execute();
    const at = clock.toISOString();
    await hd.ctx.db
      .insertInto('agent_assignment')
      .values(staff.map((s) => ({ user_id: s.id, available: s.id === userId ? 1 : 0, open_ticket_limit: null, updated_at: at })))
      .execute();
  };
  const ruleEntries = async (ticketId: number) =>
    (await listTicketEvents(hd.ctx.db, ticketId)).filter((e) => e.kind === 'rule').map((e) => e.newValue);
  const ticketRow = (id: number) =>
    hd.ctx.db
      .selectFrom('posts')
      .select(['assignee_id', 'urgency_term_id', 'status_term_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const tagsOf = async (id: number) =>
    (
      await hd.ctx.db
        .selectFrom('ticket_tags as tt')
        .innerJoin('terms as t', 't.id', 'tt.term_id')
        .select('t.name')
        .where('tt.ticket_id', '=', id)
        .orderBy('t.name')
        .execute()
    ).map((row) => row.name);
  const commentsOf = (id: number) =>
    hd.ctx.db
      .selectFrom('comments as c')
      .innerJoin('comment_meta as m', (join) => join.onRef('m.comment_id', '=', 'c.id').on('m.meta_key', '=', 'is_internal'))
      .select(['c.content', 'c.author_role', 'm.meta_value as internal'])
      .where('c.post_id', '=', id)
      .orderBy('c.id')
      .execute();

  it('a firing appears in the ticket’s activity log with the rule’s name', async () => {
    await createRule(hd, { name: 'Tag urgent ones', actions: [{ type: 'add_tags', tags: ['hot'] }] });
    const { id } = await fileTicket();
    await change(id, { urgency: 'urgent' });
    expect(await ruleEntries(id)).toEqual(['Tag urgent ones']);
    const events = await listTicketEvents(hd.ctx.db, id);
    const entry = events.find((e) => e.kind === 'rule');
    expect(events.find((e) => e.field === 'tag')?.version).toBe(entry?.version);
  });

  it('a rule never re-triggers itself through its own change', async () => {
    await createRule(hd, {
      name: 'Note every change',
      actions: [
        { type: 'add_tags', tags: ['seen'] },
        { type: 'note', text: 'Looked at.' },
      ],
    });
    const { id } = await fileTicket();
    await change(id, { urgency: 'high' });
    expect(await ruleEntries(id)).toEqual(['Note every change']);
    expect((await commentsOf(id)).filter((c) => c.internal === '1')).toHaveLength(1);
  });

  it('another rule does run on a rule’s change', async () => {
    await createRule(hd, {
      name: 'First',
      conditions: [{ field: 'urgency', op: 'is', values: [urgency.high as number] }],
      actions: [{ type: 'set_status', status: 'in-progress' }],
    });
    await createRule(hd, {
      name: 'Second',
      conditions: [{ field: 'status', op: 'is', values: ['in-progress'] }],
      actions: [{ type: 'add_tags', tags: ['moving'] }],
    });
    const { id } = await fileTicket();
    await change(id, { urgency: 'high' });
    expect(await ruleEntries(id)).toEqual(['First', 'Second']);
  });

  it('rules run in their order: a later one sees what an earlier one did, reordered it does not', async () => {
    const first = await createRule(hd, { name: 'Mark', trigger: 'client.replied', actions: [{ type: 'add_tags', tags: ['marked'] }] });
    const second = await createRule(hd, {
      name: 'Follow',
      trigger: 'client.replied',
      conditions: [{ field: 'tag', op: 'has_any', values: ['marked'] }],
      actions: [{ type: 'add_tags', tags: ['followed'] }],
    });
    const one = await fileTicket();
    await clientReply(one.id);
    expect(await tagsOf(one.id)).toEqual(['followed', 'marked']);
    await reorderRules(hd.ctx.db, [second.id, first.id]);
    const two = await fileTicket();
    await clientReply(two.id);
    expect(await tagsOf(two.id)).toEqual(['marked']);
  });

  async function clientReply(ticketId: number, text = 'Any news?') {
    const author = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', ticketId).executeTakeFirstOrThrow();
    await addComment(hd.ctx, { ticketId, text, role: 'client' }, { id: author.author_id as number, role: 'client' });
    await mail.drain();
  }

  it('runs on a filing', async () => {
    await createRule(hd, { name: 'On filing', trigger: 'ticket.created', actions: [{ type: 'add_tags', tags: ['new'] }] });
    const { id } = await fileTicket();
    expect(await ruleEntries(id)).toEqual(['On filing']);
  });

  it('runs on a client’s reply, not on an agent’s', async () => {
    await createRule(hd, { name: 'On reply', trigger: 'client.replied', actions: [{ type: 'add_tags', tags: ['replied'] }] });
    const { id } = await fileTicket();
    await addComment(hd.ctx, { ticketId: id, text: 'We are on it.', role: 'agent' }, alex.actor);
    await mail.drain();
    expect(await ruleEntries(id)).toEqual([]);
    await clientReply(id);
    expect(await ruleEntries(id)).toEqual(['On reply']);
  });

  it('runs on a service-level breach', async () => {
    await createSlaPolicy(hd.ctx.db, { name: 'Fast', targets: [{ urgency: null, first_reply: 30 }] }, clock);
    await createRule(hd, {
      name: 'Escalate',
      trigger: 'sla.breached',
      actions: [{ type: 'set_urgency', urgency: urgency.urgent as number }],
    });
    const { id } = await fileTicket();
    clock = new Date(START.getTime() + 31 * 60_000);
    await fireSlaEvents(hd.ctx);
    await mail.drain();
    expect(await ruleEntries(id)).toEqual(['Escalate']);
    expect((await ticketRow(id)).urgency_term_id).toBe(urgency.urgent);
  });

  it('a job run twice (a retry) fires each rule once', async () => {
    await createRule(hd, { name: 'Once', trigger: 'ticket.created', actions: [{ type: 'note', text: 'Hello.' }] });
    const { id } = await fileTicket();
    expect(await runRules(hd.ctx, { ticketId: id, trigger: 'ticket.created', marker: 0, chain: [] })).toBe(0);
    expect(await ruleEntries(id)).toEqual(['Once']);
  });

  it('a disabled rule does not run', async () => {
    await createRule(hd, { name: 'Off', enabled: false, trigger: 'ticket.created', actions: [{ type: 'add_tags', tags: ['x'] }] });
    const { id } = await fileTicket();
    expect(await ruleEntries(id)).toEqual([]);
  });

  it('a rule whose conditions do not hold does not fire', async () => {
    await createRule(hd, {
      name: 'Refunds',
      trigger: 'ticket.created',
      conditions: [{ field: 'subject', op: 'contains', values: ['refund'] }],
      actions: [{ type: 'add_tags', tags: ['money'] }],
    });
    const other = await fileTicket('Printer jams');
    const refund = await fileTicket('Refund please');
    expect(await tagsOf(other.id)).toEqual([]);
    expect(await tagsOf(refund.id)).toEqual(['money']);
  });

  it('a rule whose action names a status deleted since fires nothing, and the rules after it still run', async () => {
    const broken = await createRule(hd, { name: 'Broken', trigger: 'ticket.created', actions: [{ type: 'set_status', status: 'open' }] });
    await hd.ctx.db
      .updateTable('rules')
      .set({ actions: JSON.stringify([{ type: 'set_status', status: 'gone' }]) })
      .where('id', '=', broken.id)
      .execute();
    await createRule(hd, { name: 'After it', trigger: 'ticket.created', actions: [{ type: 'add_tags', tags: ['after'] }] });
    const { id } = await fileTicket();
    expect(await ruleEntries(id)).toEqual(['After it']);
  });

  it('assigns to an agent', async () => {
    await createRule(hd, { trigger: 'ticket.created', actions: [{ type: 'assign', mode: 'agent', agent_id: bea.id }] });
    const { id } = await fileTicket();
    expect((await ticketRow(id)).assignee_id).toBe(bea.id);
  });

  it('assigns fairly: to the one available agent whose turn it is, the site’s mode being off', async () => {
    await awayAllBut(bea.id);
    await createRule(hd, { name: 'Fair', trigger: 'ticket.created', actions: [{ type: 'assign', mode: 'fair' }] });
    const { id } = await fileTicket();
    expect(await ruleEntries(id)).toEqual(['Fair']);
    expect((await ticketRow(id)).assignee_id).toBe(bea.id);
  });

  it('assigning fairly with everyone away leaves the ticket unassigned and not waiting, and still logs the firing', async () => {
    await awayAllBut(null);
    await createRule(hd, { name: 'Fair', trigger: 'ticket.created', actions: [{ type: 'assign', mode: 'fair' }] });
    const { id } = await fileTicket();
    expect(await ruleEntries(id)).toEqual(['Fair']);
    expect((await ticketRow(id)).assignee_id).toBeNull();
    expect(await hd.ctx.db.selectFrom('assignment_queue').select('ticket_id').where('ticket_id', '=', id).execute()).toEqual([]);
  });

  it('adds and removes tags', async () => {
    await createRule(hd, {
      trigger: 'ticket.created',
      actions: [
        { type: 'add_tags', tags: ['a', 'b'] },
        { type: 'remove_tags', tags: ['a'] },
      ],
    });
    const { id } = await fileTicket();
    expect(await tagsOf(id)).toEqual(['b']);
  });

  it('sets the status and the urgency', async () => {
    await createRule(hd, {
      trigger: 'ticket.created',
      actions: [
        { type: 'set_status', status: 'in-progress' },
        { type: 'set_urgency', urgency: urgency.low as number },
      ],
    });
    const { id } = await fileTicket();
    const row = await ticketRow(id);
    const status = await hd.ctx.db.selectFrom('terms').select('id').where('slug', '=', 'in-progress').executeTakeFirstOrThrow();
    expect([row.status_term_id, row.urgency_term_id]).toEqual([status.id, urgency.low]);
  });

  it('sends a saved reply as a public reply with its placeholders filled, and mails it to the client', async () => {
    const admin = { actor: { id: alex.id, role: 'admin' as const } };
    const saved = await createSavedReply(hd, admin, { text: 'Hi ##client_name##, about “##ticket_subject##”.', shared: true });
    await createRule(hd, { trigger: 'ticket.created', actions: [{ type: 'saved_reply', saved_reply_id: saved.id }] });
    const { id, email } = await fileTicket('Broken screen');
    const [reply] = await commentsOf(id);
    expect(reply).toMatchObject({ author_role: 'bot', internal: '0' });
    expect(reply?.content).toMatch(/^Hi .+, about “Broken screen”\.$/);
    expect(mail.sent.some((m) => m.to === email && m.text.includes('about “Broken screen”'))).toBe(true);
  });

  it('adds an internal note', async () => {
    await createRule(hd, { trigger: 'ticket.created', actions: [{ type: 'note', text: 'Check the warranty of ##ticket_subject##.' }] });
    const { id } = await fileTicket('Laptop');
    expect(await commentsOf(id)).toEqual([{ content: 'Check the warranty of Laptop.', author_role: 'bot', internal: '1' }]);
  });

  it('mails someone: an agent gets the rule’s subject and text', async () => {
    await createRule(hd, {
      trigger: 'ticket.created',
      actions: [{ type: 'mail', to: 'agent', agent_id: bea.id, subject: 'New: ##ticket_subject##', text: 'Have a look.' }],
    });
    await fileTicket('Router down');
    const sent = mail.sent.find((m) => m.subject === 'New: Router down');
    expect(sent?.to).toBe(bea.email);
    expect(sent?.text).toContain('Have a look.');
  });

  it('calls a webhook: a delivery to the subscription chosen, whatever events it follows', async () => {
    const time = START.toISOString();
    const hook = await hd.ctx.db
      .insertInto('webhook_subscriptions')
      .values({
        url: 'https://hooks.example/rules',
        description: '',
        events: '[]',
        enabled: 1,
        disabled_reason: null,
        secret: 'x',
        previous_secret: null,
        previous_secret_until: null,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await createRule(hd, { name: 'Hook', trigger: 'ticket.created', actions: [{ type: 'webhook', webhook_id: hook.id }] });
    const { id } = await fileTicket();
    const delivery = await hd.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'body'])
      .where('subscription_id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(delivery.event_type).toBe('rule.fired');
    expect(JSON.parse(delivery.body).data).toMatchObject({ rule: { id: rule.id, name: 'Hook' }, ticket: { id } });
    await hd.ctx.db.deleteFrom('webhook_subscriptions').where('id', '=', hook.id).execute();
  });
});
