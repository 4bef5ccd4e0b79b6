import { beforeAll, beforeEach, expect, it } from 'vitest';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createRule, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { memoryMail } from '../../test/site-client.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../../test/test-helpdesk.js';
import { changeTicketAlone, type TicketChanges } from '../tickets/change-ticket.js';
import { listTicketEvents } from '../tickets/ticket-activity.js';
import { previewRule } from './preview-rule.js';
import { sweepTimeRules } from './sweep-time-rules.js';

// 2026-12-11 is a Friday; the default business hours are Monday to Friday 09:00–17:00 in the site's zone (UTC).
const FRIDAY_10 = '2026-12-11T10:00:00.000Z';
const HOUR = 3_600_000;
const after = (hours: number) => new Date(Date.parse(FRIDAY_10) + hours * HOUR);

describeEachDatabase('time rules: checked by the sweep, each fires once per ticket until the ticket changes again', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let clock = new Date(FRIDAY_10);
  let alex: TestUser;
  let mail: ReturnType<typeof memoryMail>;

  beforeAll(async () => {
    hd.ctx.now = () => clock;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    alex = await createAgent(hd, { name: 'Alex' });
    mail = memoryMail(hd);
  });
  beforeEach(async () => {
    clock = new Date(FRIDAY_10);
    await hd.ctx.db.deleteFrom('rule_firings').execute();
    await hd.ctx.db.deleteFrom('rules').execute();
    // The tickets of the cases before are closed: each case's sweep finds only its own.
    const waiting = await hd.ctx.db
      .selectFrom('posts as p')
      .innerJoin('terms as t', 't.id', 'p.status_term_id')
      .select('p.id')
      .where('t.slug', '=', 'waiting')
      .execute();
    const settings = await getCoreSettings(hd.ctx);
    for (const { id } of waiting) await changeTicketAlone(hd.ctx, id, { status: 'closed' }, { actorId: alex.id, settings });
  });

  /** A person's change to the ticket, recorded as made at `at` (the activity's times are the system clock's). */
  const change = async (ticketId: number, changes: TicketChanges, at: Date) => {
    const { version } = await changeTicketAlone(hd.ctx, ticketId, changes, { actorId: alex.id, settings: await getCoreSettings(hd.ctx) });
    await hd.ctx.db
      .updateTable('ticket_events')
      .set({ created_at: at.toISOString() })
      .where('ticket_id', '=', ticketId)
      .where('version', '=', version)
      .execute();
    await mail.drain();
  };
  /** A ticket filed a week before Friday and put in Waiting at `at`. */
  const waitingSince = async (at: Date) => {
    const { id } = await createTicket(hd);
    await hd.ctx.db
      .updateTable('posts')
      .set({ created_at: after(-24 * 7).toISOString() })
      .where('id', '=', id)
      .execute();
    await hd.ctx.db
      .updateTable('ticket_events')
      .set({ created_at: after(-24 * 7).toISOString() })
      .where('ticket_id', '=', id)
      .execute();
    await change(id, { status: 'waiting' }, at);
    return id;
  };
  const sweepAt = async (at: Date) => {
    clock = at;
    const fired = await sweepTimeRules(hd.ctx);
    await mail.drain();
    return fired;
  };
  const ruleEntries = async (ticketId: number) =>
    (await listTicketEvents(hd.ctx.db, ticketId)).filter((e) => e.kind === 'rule').map((e) => e.newValue);
  const statusOf = async (ticketId: number) =>
    (
      await hd.ctx.db
        .selectFrom('posts as p')
        .innerJoin('terms as t', 't.id', 'p.status_term_id')
        .select('t.slug')
        .where('p.id', '=', ticketId)
        .executeTakeFirstOrThrow()
    ).slug;

  it('fires once when the wait is over, not before, and not again on the next sweeps', async () => {
    await createRule(hd, {
      name: 'Remind after 2 hours',
      trigger: 'time',
      wait: { status: 'waiting', amount: 2, unit: 'hours', clock: 'calendar' },
      actions: [{ type: 'note', text: 'Reminder.' }],
    });
    const id = await waitingSince(after(0));
    expect(await sweepAt(after(1.9))).toBe(0);
    expect(await sweepAt(after(2))).toBe(1);
    expect(await sweepAt(after(3))).toBe(0);
    expect(await ruleEntries(id)).toEqual(['Remind after 2 hours']);
  });

  it('fires again only after the ticket changes again, counting the wait from that change', async () => {
    await createRule(hd, {
      name: 'Nudge',
      trigger: 'time',
      wait: { status: 'waiting', amount: 2, unit: 'hours', clock: 'calendar' },
      actions: [{ type: 'add_tags', tags: ['nudged'] }],
    });
    const id = await waitingSince(after(0));
    expect(await sweepAt(after(2))).toBe(1);
    await change(id, { urgency: 'high' }, after(3));
    expect(await sweepAt(after(4.5))).toBe(0);
    expect(await sweepAt(after(5))).toBe(1);
    expect(await ruleEntries(id)).toEqual(['Nudge', 'Nudge']);
  });

  it('counts business days on the business hours: one business day from Friday 10:00 is Monday 10:00', async () => {
    await createRule(hd, {
      name: 'A business day',
      trigger: 'time',
      wait: { status: 'waiting', amount: 1, unit: 'days', clock: 'business' },
      actions: [{ type: 'note', text: 'Still waiting.' }],
    });
    await waitingSince(after(0));
    expect(await sweepAt(after(26))).toBe(0);
    expect(await sweepAt(after(71.9))).toBe(0);
    expect(await sweepAt(after(72))).toBe(1);
  });

  it('a rule’s own change does not restart the wait: the reminder at 3 days, Resolved at 7', async () => {
    await createRule(hd, {
      name: 'Remind',
      trigger: 'time',
      wait: { status: 'waiting', amount: 3, unit: 'days', clock: 'calendar' },
      actions: [{ type: 'note', text: 'Reminder sent.' }],
    });
    await createRule(hd, {
      name: 'Close quiet tickets',
      trigger: 'time',
      wait: { status: 'waiting', amount: 7, unit: 'days', clock: 'calendar' },
      actions: [{ type: 'set_status', status: 'resolved' }],
    });
    const id = await waitingSince(after(0));
    expect(await sweepAt(after(24 * 3))).toBe(1);
    expect(await sweepAt(after(24 * 7))).toBe(1);
    expect(await ruleEntries(id)).toEqual(['Remind', 'Close quiet tickets']);
    expect(await statusOf(id)).toBe('resolved');
  });

  it('a ticket that left the status is not touched', async () => {
    await createRule(hd, {
      trigger: 'time',
      wait: { status: 'waiting', amount: 1, unit: 'hours', clock: 'calendar' },
      actions: [{ type: 'note', text: 'x' }],
    });
    const id = await waitingSince(after(0));
    await change(id, { status: 'open' }, after(0.5));
    expect(await sweepAt(after(5))).toBe(0);
  });

  it('the preview lists the tickets whose wait is over, and no longer once the rule fired', async () => {
    const rule = await createRule(hd, {
      trigger: 'time',
      wait: { status: 'waiting', amount: 1, unit: 'hours', clock: 'calendar' },
      actions: [{ type: 'note', text: 'x' }],
    });
    const due = await waitingSince(after(0));
    await waitingSince(after(0.5));
    const preview = await previewRule(hd.ctx.db, rule.id, after(1.2));
    expect([preview.count, preview.tickets.map((t) => t.id)]).toEqual([1, [due]]);
    await sweepAt(after(1.2));
    expect((await previewRule(hd.ctx.db, rule.id, after(1.2))).count).toBe(0);
  });

  it.runIf(dialect === 'postgres')('two instances sweeping at once fire each ticket once', async () => {
    await createRule(hd, {
      name: 'Once',
      trigger: 'time',
      wait: { status: 'waiting', amount: 1, unit: 'hours', clock: 'calendar' },
      actions: [{ type: 'note', text: 'Only one of these.' }],
    });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await waitingSince(after(0)));
    const other = await createTestHelpdesk(dialect, { databaseUrl: hd.config.databaseUrl });
    try {
      clock = after(2);
      other.ctx.now = () => clock;
      const [one, two] = await Promise.all([sweepTimeRules(hd.ctx), sweepTimeRules(other.ctx)]);
      expect(one + two).toBe(6);
      for (const id of ids) expect(await ruleEntries(id)).toEqual(['Once']);
    } finally {
      await other.close();
    }
  });
});
