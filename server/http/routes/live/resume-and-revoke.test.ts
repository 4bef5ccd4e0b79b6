import { afterEach, beforeAll, expect, it } from 'vitest';
import { createSession } from '../../../auth/sessions.js';
import { addUser } from '../../../domain/people/add-user.js';
import { insertApiToken } from '../../../domain/people/api-tokens.js';
import { revokeApiToken } from '../../../domain/people/revoke-api-token.js';
import { setAccountDisabled } from '../../../domain/people/set-account-disabled.js';
import { updateUser } from '../../../domain/people/staff-users.js';
import { RECENT_EVENTS_KEPT } from '../../../live/recent-live-events.js';
import { type EventStreamClient, openEventStream, type ReceivedEvent } from '../../../test/event-stream-client.js';
import { createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('live updates: resuming after Last-Event-ID, and streams ended by a revocation', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let base = '';
  const streams: EventStreamClient[] = [];
  const follow = async (headers: Headers) => {
    const stream = await openEventStream(`${base}/api/helpdesk/v1/events`, headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const file = async () => (await createTicket(hd)).id;
  const created = (ticket: number) => (e: ReceivedEvent) =>
    e.event === 'ticket.created' && (e.data as { ticket: number }).ticket === ticket;
  const staffWithToken = async (role: 'agent' | 'admin' = 'agent') => {
    const user = await addUser(hd.ctx, { email: `${role}-${Math.random().toString(36).slice(2)}@staff.test`, name: 'Kim', role });
    const token = await insertApiToken(hd.ctx.db, user.id, 'live');
    return { user, tokenId: token.row.id, headers: { authorization: `Bearer ${token.token}` } };
  };
  /** Resolves once the stream ended or `match` arrived, whichever is first. */
  const endedOrGot = (stream: EventStreamClient, match: (e: ReceivedEvent) => boolean) =>
    Promise.race([stream.ended, stream.waitFor(match, 'an event after the revocation').then(() => undefined)]);

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('a stream reconnecting with Last-Event-ID gets what it missed, with the same ids and checks as live, then live events', async () => {
    const alex = await staffWithToken();
    const blair = await staffWithToken();
    const watcher = await follow(blair.headers);
    const first = await follow(alex.headers);
    const before = await file();
    const seen = await first.waitFor(created(before), 'the first ticket');
    first.close();

    const missed = [await file(), await file()];
    // Blair's notification is Blair's alone: not replayed to Alex.
    hd.ctx.live.publish({ kind: 'notification.added', ticketId: missed[0] as number, userId: blair.user.id, notificationId: 1 });
    hd.ctx.live.publish({ kind: 'notification.added', ticketId: missed[1] as number, userId: alex.user.id, notificationId: 2 });
    await watcher.waitFor((e) => e.event === 'notification.added', 'Blair’s own line');

    const again = await follow({ ...alex.headers, 'last-event-id': seen.id as string });
    const later = await file();
    await again.waitFor(created(later), 'a live event after the replay');
    // The watcher's copy of that event may come a moment later than the resumed stream's.
    await watcher.waitFor(created(later), 'the same event on the watcher’s stream');
    const names = again.events.filter((e) => e.event !== 'presence').map((e) => [e.event, (e.data as { ticket?: number }).ticket]);
    expect(names).toEqual([
      ['ticket.created', missed[0]],
      ['ticket.created', missed[1]],
      ['notification.added', missed[1]],
      ['ticket.created', later],
    ]);
    // The ids are those every stream was sent for the same events.
    const watcherIds = new Map(
      watcher.events.filter((e) => e.event === 'ticket.created').map((e) => [(e.data as { ticket: number }).ticket, e.id]),
    );
    for (const event of again.events.filter((e) => e.event === 'ticket.created'))
      expect(event.id).toBe(watcherIds.get((event.data as { ticket: number }).ticket));
    expect(again.events.some((e) => e.event === 'resync')).toBe(false);
  });

  it('an unknown, garbled or no longer kept Last-Event-ID gets `resync` (with an id to resume from) before anything else', async () => {
    const alex = await staffWithToken();
    const first = await follow(alex.headers);
    const ticket = await file();
    const seen = await first.waitFor(created(ticket), 'the ticket');
    first.close();
    // More events than an instance keeps: the one seen fell off.
    for (let n = 0; n <= RECENT_EVENTS_KEPT; n++) hd.ctx.live.publish({ kind: 'tag.changed', tagId: n + 1, change: 'updated', by: null });

    for (const lastId of [seen.id as string, 'garbled', '000000000000-1']) {
      const stream = await follow({ ...alex.headers, 'last-event-id': lastId });
      const resync = await stream.waitFor((e) => e.event !== 'presence', `the first event for ${lastId}`);
      expect(resync.event).toBe('resync');
      expect(resync.id).toMatch(/^[0-9a-f]{12}-[0-9]+$/);
      stream.close();
      // Resuming from the resync's id: nothing missed, nothing replayed, live events follow.
      const resumed = await follow({ ...alex.headers, 'last-event-id': resync.id as string });
      const next = await file();
      await resumed.waitFor(created(next), 'the next ticket');
      expect(resumed.events.filter((e) => e.event !== 'presence').map((e) => e.event)).toEqual(['ticket.created']);
      resumed.close();
    }
  });

  it('a revoked token ends its stream at once, before the next event; the account’s other token keeps its stream, hears it', async () => {
    const alex = await staffWithToken();
    const other = await insertApiToken(hd.ctx.db, alex.user.id, 'other tab');
    const doomed = await follow(alex.headers);
    const kept = await follow({ authorization: `Bearer ${other.token}` });
    await revokeApiToken(hd.ctx, alex.tokenId);
    const next = await file();
    await endedOrGot(doomed, created(next));
    expect(doomed.events.some(created(next))).toBe(false);
    await doomed.ended;
    await kept.waitFor(created(next), 'the event, once the token still in use was checked');
  });

  it('an agent made a client loses their stream at once, before the next event', async () => {
    const lee = await staffWithToken();
    const stream = await follow(lee.headers);
    await updateUser(hd.ctx, lee.user.id, { role: 'client' });
    const next = await file();
    await endedOrGot(stream, created(next));
    expect(stream.events.some(created(next))).toBe(false);
  });

  it('a disabled account and an ended session end their streams at once, before the next event', async () => {
    const sam = await staffWithToken();
    const byToken = await follow(sam.headers);
    await setAccountDisabled(hd.ctx, sam.user.id, true, null);
    const afterDisable = await file();
    await endedOrGot(byToken, created(afterDisable));
    expect(byToken.events.some(created(afterDisable))).toBe(false);

    const pat = await addUser(hd.ctx, { email: 'pat@staff.test', name: 'Pat', role: 'agent' });
    const session = await createSession(hd.ctx.db, pat.id);
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: { cookie: `hd_session=${session}` } });
    const cookie = `hd_session=${session}; hd_csrf=${me.cookies.find((c) => c.name === 'hd_csrf')?.value}`;
    const bySession = await follow({ cookie });
    const signedOut = await hd.app.inject({
      method: 'DELETE',
      url: '/api/helpdesk/v1/session',
      headers: { cookie, 'x-csrf-token': me.json().csrf_token },
    });
    expect(signedOut.statusCode).toBeLessThan(300);
    const afterSignOut = await file();
    await endedOrGot(bySession, created(afterSignOut));
    expect(bySession.events.some(created(afterSignOut))).toBe(false);
  });
});
