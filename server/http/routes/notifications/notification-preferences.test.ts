import { afterEach, beforeEach, expect, it } from 'vitest';
import { addUser } from '../../../domain/people/add-user.js';
import { createApiToken } from '../../../domain/people/api-tokens.js';
import { cleanUpExpired } from '../../../jobs/housekeeping.js';
import { updateSettings } from '../../../settings/settings.js';
import { type EventStreamClient, openEventStream } from '../../../test/event-stream-client.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { memoryMail } from '../../../test/site-client.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = { authorization: string };

describeEachDatabase('each agent chooses their mail; every event lands in their notification list', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let alex: { id: number; headers: Headers };
  let bea: { id: number; headers: Headers };
  const streams: EventStreamClient[] = [];
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: headers as Record<string, string>, payload });

  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    const make = async (name: string) => {
      const user = await addUser(hd.ctx, { email: `${name}@staff.test`, name, role: 'agent' });
      return { id: user.id, headers: { authorization: `Bearer ${await createApiToken(hd.ctx.db, user.id, 't')}` } };
    };
    alex = await make('alex');
    bea = await make('bea');
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  const to = (mails: Array<{ to: string; text: string }>, pattern: RegExp) =>
    mails
      .splice(0)
      .filter((m) => pattern.test(m.text))
      .map((m) => m.to)
      .sort();
  const prefer = (who: { headers: Headers }, mail: Record<string, boolean | null>) =>
    api('PATCH', '/users/me/notification-preferences', who.headers, { mail });
  const kinds = async (who: { headers: Headers }) =>
    (await api('GET', '/notifications/', who.headers)).json().notifications.map((n: { kind: string }) => n.kind);

  it('new tickets: the admin setting is the default, each agent may choose otherwise either way', async () => {
    const mail = memoryMail(hd);
    expect((await prefer(alex, { ticket_created: false })).json().mail.ticket_created).toBe(false);
    await api('POST', '/tickets/', {}, ticketPayload({ subject: 'One' }));
    expect(to(await mail.drain(), /filed a new ticket "One"/)).toEqual(['bea@staff.test']);

    // The admin turns the mail off: Bea follows the default, Alex opts in.
    await updateSettings(hd.ctx, { emails: { notify_new_tickets: false } });
    const chosen = (await prefer(alex, { ticket_created: true })).json();
    expect(chosen).toMatchObject({ mail: { ticket_created: true }, chosen: ['ticket_created'], defaults: { ticket_created: false } });
    await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Two' }));
    expect(to(await mail.drain(), /filed a new ticket "Two"/)).toEqual(['alex@staff.test']);

    // Null follows the default again.
    expect((await prefer(alex, { ticket_created: null })).json()).toMatchObject({ mail: { ticket_created: false }, chosen: [] });
    await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Three' }));
    expect(to(await mail.drain(), /filed a new ticket "Three"/)).toEqual([]);
    // Mail or not, both have every new ticket in their list.
    expect(await kinds(alex)).toEqual(['ticket_created', 'ticket_created', 'ticket_created']);
    expect(await kinds(bea)).toEqual(['ticket_created', 'ticket_created', 'ticket_created']);
  });

  it('client replies and assignments: an agent who turned them off gets no mail, but the line in the list', async () => {
    const mail = memoryMail(hd);
    await updateSettings(hd.ctx, { emails: { notify_new_tickets: false } });
    const filed = await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Printer', email: 'pat@client.test' }));
    const id = filed.json().id as number;
    const { author_id } = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirstOrThrow();
    const client = { authorization: `Bearer ${await createApiToken(hd.ctx.db, author_id as number, 'c')}` };
    await mail.drain();

    await prefer(bea, { ticket_assigned: false, client_replied: false });
    await api('PATCH', `/tickets/${id}`, alex.headers, { assignee: bea.id });
    await api('POST', `/tickets/${id}/comments`, client, { text: 'Still broken.' });
    const sent = await mail.drain();
    expect(to([...sent], /is now yours/)).toEqual([]);
    expect(to(sent, /replied to "Printer"/)).toEqual([]);
    const list = (await api('GET', '/notifications/', bea.headers)).json();
    expect(list.notifications.map((n: { kind: string; ticket: { id: number } }) => [n.kind, n.ticket.id])).toEqual([
      ['client_replied', id],
      ['ticket_assigned', id],
      ['ticket_created', id],
    ]);
    // Alex is neither assignee nor told: the reply was Bea's alone.
    expect(await kinds(alex)).toEqual(['ticket_created']);

    // Turned back on: the next reply reaches Bea by mail.
    await prefer(bea, { client_replied: true });
    await api('POST', `/tickets/${id}/comments`, client, { text: 'Hello?' });
    expect(to(await mail.drain(), /replied to "Printer"/)).toEqual(['bea@staff.test']);
  });

  it('the list: paged, unread count, mark some or all read, each agent their own; read ones pruned later', async () => {
    const mail = memoryMail(hd);
    for (const subject of ['A', 'B', 'C']) await api('POST', '/tickets/', {}, ticketPayload({ subject }));
    await mail.drain();
    const page = (await api('GET', '/notifications/?per_page=2', alex.headers)).json();
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, per_page: 2 });
    // Newest line first (the worker may fan out the three tickets in any order); the pages hold each once.
    const second = (await api('GET', '/notifications/?per_page=2&page=2', alex.headers)).json().notifications;
    const lines = [...page.notifications, ...second];
    expect(lines.map((n: { id: number }) => n.id)).toEqual(lines.map((n: { id: number }) => n.id).sort((a: number, b: number) => b - a));
    expect(lines.map((n: { ticket: { title: string } }) => n.ticket.title).sort()).toEqual(['A', 'B', 'C']);

    // Bea's ids are not Alex's to mark.
    const beas = (await api('GET', '/notifications/', bea.headers)).json().notifications.map((n: { id: number }) => n.id);
    expect((await api('POST', '/notifications/read', alex.headers, { ids: beas })).json()).toEqual({ marked: 0, unread: 3 });
    expect((await api('POST', '/notifications/read', alex.headers, { ids: [page.notifications[0].id] })).json()).toEqual({
      marked: 1,
      unread: 2,
    });
    expect((await api('GET', '/notifications/unread-count', alex.headers)).json()).toEqual({ unread: 2 });
    expect((await api('POST', '/notifications/read', alex.headers, { all: true })).json()).toEqual({ marked: 2, unread: 0 });
    expect((await api('GET', '/notifications/unread-count', bea.headers)).json()).toEqual({ unread: 3 });

    // Housekeeping 31 days on: Alex's read lines go, Bea's unread ones stay.
    await cleanUpExpired(hd.ctx, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    expect((await api('GET', '/notifications/', alex.headers)).json().total).toBe(0);
    expect((await api('GET', '/notifications/', bea.headers)).json().total).toBe(3);
    // A deleted ticket takes its lines with it.
    const deleted = await hd.app.inject({
      method: 'DELETE',
      url: `/api/helpdesk/v1/tickets/${page.notifications[0].ticket.id}`,
      headers: await hd.authAs('admin'),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await hd.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', bea.id).execute()).toHaveLength(2);
  });

  it('bad input is a problem naming the field, nothing changed; a client or a visitor has no list', async () => {
    const bad = await prefer(alex, { ticket_created: 'yes' as unknown as boolean });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(bad.json())).toContain('ticket_created');
    const unknown = await api('PATCH', '/users/me/notification-preferences', alex.headers, { mail: { everything: false } });
    expect(unknown.statusCode).toBe(400);
    expect((await api('GET', '/users/me/notification-preferences', alex.headers)).json().chosen).toEqual([]);
    expect((await api('POST', '/notifications/read', alex.headers, {})).statusCode).toBe(400);
    expect((await api('GET', '/notifications/?per_page=1000', alex.headers)).statusCode).toBe(400);
    expect((await api('GET', '/notifications/', {})).statusCode).toBe(401);
    expect((await api('GET', '/notifications/', await hd.authAs('client'))).statusCode).toBe(403);
  });

  it('the live stream tells an agent of their own new lines only, so the bell moves without a reload', async () => {
    const base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
    const alexStream = await openEventStream(`${base}/api/helpdesk/v1/events`, alex.headers);
    const beaStream = await openEventStream(`${base}/api/helpdesk/v1/events`, bea.headers);
    streams.push(alexStream, beaStream);
    const mail = memoryMail(hd);
    const filed = await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Live' }));
    const id = filed.json().id as number;
    await mail.drain();
    // Assigned to Bea by Alex: one line, Bea's.
    await api('PATCH', `/tickets/${id}`, alex.headers, { assignee: bea.id });
    const theirs = async (stream: EventStreamClient, userId: number) => {
      const rows = await hd.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', userId).orderBy('id').execute();
      for (const row of rows)
        await stream.waitFor(
          (e) => e.event === 'notification.added' && (e.data as { notification: number }).notification === row.id,
          `notification ${row.id}`,
        );
      return rows.map((r) => r.id);
    };
    const beaIds = await theirs(beaStream, bea.id);
    const alexIds = await theirs(alexStream, alex.id);
    expect(beaIds).toHaveLength(2);
    expect(alexIds).toHaveLength(1);
    // A marker event after them: by then any stray line of the other agent would have arrived.
    await api('POST', '/tickets/', {}, ticketPayload({ subject: 'Marker' }));
    await mail.drain();
    await alexStream.waitFor((e) => e.event === 'ticket.created' && (e.data as { ticket: number }).ticket !== id, 'the marker');
    const heard = alexStream.events
      .filter((e) => e.event === 'notification.added')
      .map((e) => (e.data as { notification: number }).notification);
    expect(heard.some((n) => beaIds.includes(n))).toBe(false);
  });
});
