import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { performanceOffOf } from '../../db/performance-off-of.js';
import BetterSqlite from '../../db/sqlite-driver.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { updateSettings } from '../../settings/settings.js';
import { createAgent, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addComment } from '../comments/add-comment.js';
import { changeTicketAlone } from '../tickets/change-ticket.js';
import { createSlaPolicy } from './create-sla-policy.js';
import { deleteSlaPolicy } from './delete-sla-policy.js';
import { readTicketSla } from './read-ticket-sla.js';
import { slaInForce } from './sla-policies-exist.js';

/**
 * A ticket change keeps its service levels only while they are in force (a policy exists, or a ticket still has a
 * running target): a desk without policies sends no statement for them. Statements are counted on both databases.
 */
describeEachDatabase('service levels cost nothing on a desk without policies', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const query = pg.Client.prototype.query;
  const prepare = BetterSqlite.prototype.prepare;
  const sent: string[] = [];
  let agent: TestUser;
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { change_status: false } });
    agent = await createAgent(hd);
  });
  afterEach(() => {
    pg.Client.prototype.query = query;
    BetterSqlite.prototype.prepare = prepare;
    vi.useRealTimers();
  });
  function count(): void {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const statement = args[0] as string | { text?: string };
      sent.push(typeof statement === 'string' ? statement : (statement.text ?? ''));
      return (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } as typeof query;
    BetterSqlite.prototype.prepare = function (this: BetterSqlite3.Database, source: string) {
      sent.push(source);
      return prepare.call(this, source);
    } as typeof prepare;
  }
  const slaStatements = () => sent.filter((statement) => /"(ticket_sla|ticket_sla_targets|sla_policies)"/.test(statement));
  const change = async (ticketId: number) => {
    await changeTicketAlone(hd.ctx, ticketId, { status: 'waiting' }, { actorId: agent.id, settings: await getCoreSettings(hd.ctx) });
    await addComment(hd.ctx, { ticketId, text: 'On it.', role: 'agent', isInternal: false }, agent.actor);
  };

  it('with no policy, a status change and a reply read nothing of the service levels', async () => {
    const { id } = await createTicket(hd);
    // The answer is asked once, then kept (its 2 s do not pass: the clock stands still).
    expect(await slaInForce(hd.ctx.db)).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    sent.length = 0;
    count();
    await change(id);
    expect(sent.length).toBeGreaterThan(0);
    // With the caches switched off (the plain pass) the question itself is asked at each change, and nothing more.
    const question = /^select "(id" from "sla_policies"|ticket_id" from "ticket_sla" where "next_due_at" is not null) limit/;
    const asked = performanceOffOf(hd.ctx.db).has('caches') ? slaStatements().filter((s) => !question.test(s)) : slaStatements();
    expect(asked).toEqual([]);
  });

  it('a policy deleted while a ticket runs a target: the ticket is still brought up to date at its next change', async () => {
    const policy = await createSlaPolicy(hd.ctx.db, { name: 'Standard', targets: [{ urgency: null, first_reply: 60 }] }, new Date());
    const { id } = await createTicket(hd);
    expect((await readTicketSla(hd.ctx.db, id, new Date())).targets).toHaveLength(1);
    // Deleted, the recompute not yet run: the ticket's running target keeps the service levels in force.
    await deleteSlaPolicy(hd.ctx.db, policy.id);
    expect(await slaInForce(hd.ctx.db)).toBe(true);
    count();
    await change(id);
    expect(slaStatements().length).toBeGreaterThan(0);
    expect(await readTicketSla(hd.ctx.db, id, new Date())).toEqual({ policy: null, targets: [] });
  });
});
