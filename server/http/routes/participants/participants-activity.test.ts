import { beforeAll, expect, it } from 'vitest';
import { describeTicketChange } from '../../../../common/describe-ticket-change.js';
import { copyInFromMail } from '../../../domain/participants/copy-in-from-mail.js';
import { createAdmin, createAgent, createClient, createTicket, type TestUser } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
interface Event {
  version: number;
  kind: string;
  field: string | null;
  from: string | null;
  to: string | null;
  automatic: boolean;
  by: { id: number; name: string } | null;
  person_id: number | null;
}

describeEachDatabase('ticket participants in the activity log: who copied in or followed whom', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: TestUser;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const open = async (id: number) => (await call('GET', `/tickets/${id}`, agent.headers)).json() as { version: number; events: Event[] };
  const lines = async (id: number) => (await open(id)).events.filter((e) => e.kind === 'participant').map((e) => describeTicketChange(e));

  beforeAll(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    agent = await createAgent(hd, { name: 'Alex Agent' });
  });

  it('copying a client in and taking them off are two entries naming the agent and the client', async () => {
    const ticket = await createTicket(hd);
    const before = (await open(ticket.id)).version;
    const added = await call('POST', `/tickets/${ticket.id}/participants`, agent.headers, {
      kind: 'cc',
      email: 'sam@copy.test',
      name: 'Sam Copy',
    });
    const samId = added.json()[0].user_id as number;
    await call('DELETE', `/tickets/${ticket.id}/participants?kind=cc&user_id=${samId}`, agent.headers);
    const after = await open(ticket.id);
    expect(after.version).toBe(before + 2);
    expect(after.events.filter((e) => e.kind === 'participant').map((e) => [e.field, e.from, e.to, e.by?.id, e.person_id])).toEqual([
      ['cc', null, 'Sam Copy', agent.id, samId],
      ['cc', 'Sam Copy', null, agent.id, samId],
    ]);
    expect(await lines(ticket.id)).toEqual(['Alex Agent copied in Sam Copy', 'Alex Agent took Sam Copy off the copies']);
  });

  it('a follower added twice or someone not there taken off records nothing more', async () => {
    const ticket = await createTicket(hd);
    const colleague = await createAgent(hd, { name: 'Casey Colleague' });
    for (let i = 0; i < 2; i++)
      await call('POST', `/tickets/${ticket.id}/participants`, agent.headers, { kind: 'follower', user_id: colleague.id });
    const version = (await open(ticket.id)).version;
    const stranger = await createClient(hd);
    await call('DELETE', `/tickets/${ticket.id}/participants?kind=cc&user_id=${stranger.id}`, agent.headers);
    expect((await open(ticket.id)).version).toBe(version);
    expect(await lines(ticket.id)).toEqual(['Alex Agent added Casey Colleague as a follower']);
  });

  it('an agent following and unfollowing themselves reads as their own choice', async () => {
    const ticket = await createTicket(hd);
    await call('POST', `/tickets/${ticket.id}/participants`, agent.headers, { kind: 'follower', user_id: agent.id });
    await call('DELETE', `/tickets/${ticket.id}/participants?kind=follower&user_id=${agent.id}`, agent.headers);
    expect(await lines(ticket.id)).toEqual(['Alex Agent followed the ticket', 'Alex Agent stopped following the ticket']);
  });

  it('two staff members of one name: one adding the other reads as adding, not as their own choice', async () => {
    const ticket = await createTicket(hd);
    const namesake = await createAdmin(hd, { name: agent.name });
    await call('POST', `/tickets/${ticket.id}/participants`, namesake.headers, { kind: 'follower', user_id: agent.id });
    await call('DELETE', `/tickets/${ticket.id}/participants?kind=follower&user_id=${agent.id}`, namesake.headers);
    await call('POST', `/tickets/${ticket.id}/participants`, agent.headers, { kind: 'follower', user_id: agent.id });
    const entries = (await open(ticket.id)).events.filter((e) => e.kind === 'participant');
    expect(entries.map((e) => [e.from, e.to, e.by?.id, e.person_id])).toEqual([
      [null, 'Alex Agent', namesake.id, agent.id],
      ['Alex Agent', null, namesake.id, agent.id],
      [null, 'Alex Agent', agent.id, agent.id],
    ]);
    expect(await lines(ticket.id)).toEqual([
      'Alex Agent added Alex Agent as a follower',
      'Alex Agent took Alex Agent off the followers',
      'Alex Agent followed the ticket',
    ]);
  });

  it('open screens hear of the change once it is committed, as a ticket.updated with the field', async () => {
    const ticket = await createTicket(hd);
    const heard: Array<{ version: number; fields: string[]; by: number | null }> = [];
    const stop = hd.ctx.live.subscribe((event) => {
      if ('kind' in event && event.kind === 'ticket.updated' && event.ticketId === ticket.id)
        heard.push({ version: event.version, fields: event.fields, by: event.by });
    });
    await call('POST', `/tickets/${ticket.id}/participants`, agent.headers, { kind: 'follower', user_id: agent.id }).finally(stop);
    expect(heard).toEqual([{ version: (await open(ticket.id)).version, fields: ['follower'], by: agent.id }]);
  });

  it('people copied in from a mail are the helpdesk’s doing, one version for all of them, none twice on a retry', async () => {
    const ticket = await createTicket(hd);
    const before = (await open(ticket.id)).version;
    const people = [
      { address: 'dana@mail.test', name: 'Dana Mail' },
      { address: 'eli@mail.test', name: 'Eli Mail' },
    ];
    await copyInFromMail(hd.ctx, ticket.id, people, () => false);
    await copyInFromMail(hd.ctx, ticket.id, people, () => false);
    const after = await open(ticket.id);
    expect(after.version).toBe(before + 1);
    const entries = after.events.filter((e) => e.kind === 'participant');
    expect(entries.map((e) => [e.automatic, e.by])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(await lines(ticket.id)).toEqual(['Dana Mail was copied in from the mail', 'Eli Mail was copied in from the mail']);
  });
});
