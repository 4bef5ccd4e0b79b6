import { beforeAll, expect, it } from 'vitest';
import { recordRating } from '../../../domain/ratings/record-rating.js';
import type { LiveMessage } from '../../../live/live-bus.js';
import { updateSettings } from '../../../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('one change to a ticket is one version, one activity entry and one live event', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let agentId = 0;
  let colleagueId = 0;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const file = async () => {
    const res = await call('POST', '/tickets/', {}, ticketPayload());
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const versionOf = async (id: number) =>
    (await hd.ctx.db.selectFrom('posts').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  const stateOf = async (id: number) =>
    hd.ctx.db
      .selectFrom('posts as p')
      .innerJoin('terms as t', 't.id', 'p.status_term_id')
      .select(['p.assignee_id', 't.slug as status'])
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow();
  /** The activity entries (versions) recorded after `after`, each with its rows. */
  const entriesAfter = async (id: number, after: number) => {
    const rows = await hd.ctx.db
      .selectFrom('ticket_events')
      .select(['version', 'kind', 'field', 'new_value', 'automatic'])
      .where('ticket_id', '=', id)
      .where('version', '>', after)
      .orderBy('id')
      .execute();
    const byVersion = new Map<number, Array<[string, string | null, string | null, boolean]>>();
    for (const r of rows)
      byVersion.set(r.version, [...(byVersion.get(r.version) ?? []), [r.kind, r.field, r.new_value, Number(r.automatic) === 1]]);
    return [...byVersion.entries()];
  };
  /** What the live bus carries while `run` runs, for these tickets. */
  const heardDuring = async (ids: number[], run: () => Promise<unknown>) => {
    const heard: LiveMessage[] = [];
    const stop = hd.ctx.live.subscribe((message) => {
      if ('ticketId' in message && ids.includes(message.ticketId as number)) heard.push(message);
    });
    try {
      await run();
    } finally {
      stop();
    }
    return heard;
  };

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    const colleague = await hd.authAs('agent');
    agent = await hd.authAs('agent');
    agentId = (await call('GET', '/me', agent)).json().user.id;
    colleagueId = (await call('GET', '/me', colleague)).json().user.id;
  });

  it('a PATCH of status, assignee, urgency and tags is one version, one entry and one live event', async () => {
    const id = await file();
    const before = await versionOf(id);
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const heard = await heardDuring([id], async () => {
      res = await call('PATCH', `/tickets/${id}`, agent, { status: 'waiting', assignee: colleagueId, urgency: 'high', tags: ['Billing'] });
    });
    expect(res?.statusCode).toBe(200);
    expect(await versionOf(id)).toBe(before + 1);
    const entries = await entriesAfter(id, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.[1].map(([, field]) => field)).toEqual(['status', 'urgency', 'assignee', 'tag']);
    const updates = heard.filter((m) => m.kind === 'ticket.updated');
    expect(updates).toEqual([
      { kind: 'ticket.updated', ticketId: id, version: before + 1, fields: ['status', 'urgency', 'assignee', 'tag'], by: agentId },
    ]);
  });

  it('a reply with its automatic status move is one version, one entry (the move marked automatic) and one live event', async () => {
    const id = await file();
    const before = await versionOf(id);
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const heard = await heardDuring([id], async () => {
      res = await call('POST', `/tickets/${id}/comments`, agent, { text: 'Looking into it.' });
    });
    expect(res?.statusCode).toBe(201);
    expect(await versionOf(id)).toBe(before + 1);
    expect(await entriesAfter(id, before)).toEqual([
      [
        before + 1,
        [
          ['reply', null, null, false],
          ['field', 'status', 'In Progress', true],
        ],
      ],
    ]);
    expect(heard.filter((m) => m.kind !== 'notification.added')).toEqual([
      expect.objectContaining({ kind: 'comment.added', ticketId: id, version: before + 1, isNote: false, fields: ['status'] }),
    ]);
  });

  it('a reply with a stale version keeps the guard: 412 for If-Match, 409 for `version`, reply and move both unsaved', async () => {
    const id = await file();
    const seen = await versionOf(id);
    expect((await call('PATCH', `/tickets/${id}`, agent, { urgency: 'high' })).statusCode).toBe(200);
    const stale = await call('POST', `/tickets/${id}/comments`, { ...agent, 'if-match': `"${seen}"` }, { text: 'Late.' });
    expect(stale.statusCode).toBe(412);
    const staleBody = await call('POST', `/tickets/${id}/comments`, agent, { text: 'Late.', version: seen });
    expect(staleBody.statusCode).toBe(409);
    expect(staleBody.json().code).toBe('TICKET_CHANGED');
    expect(await entriesAfter(id, seen + 1)).toEqual([]);
    expect((await stateOf(id)).status).toBe('open');
    expect(await hd.ctx.db.selectFrom('comments').select('id').where('post_id', '=', id).where('content', '=', 'Late.').execute()).toEqual(
      [],
    );
  });

  it('bulk "assign to me and set Waiting" is one request, one version and one live event per ticket', async () => {
    const ids = [await file(), await file(), await file()];
    const before = await Promise.all(ids.map(versionOf));
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const heard = await heardDuring(ids, async () => {
      res = await call('POST', '/tickets/bulk', agent, { ids, changes: { assignee: 'me', status: 'waiting' } });
    });
    expect(res?.statusCode).toBe(200);
    expect(res?.json().changed).toEqual(ids.map((id, i) => ({ id, version: (before[i] as number) + 1 })));
    for (const [i, id] of ids.entries()) {
      const entries = await entriesAfter(id, before[i] as number);
      expect(entries).toEqual([
        [
          (before[i] as number) + 1,
          [
            ['field', 'status', 'Waiting', false],
            ['field', 'assignee', expect.any(String), false],
          ],
        ],
      ]);
    }
    for (const id of ids) expect(await stateOf(id)).toEqual({ assignee_id: agentId, status: 'waiting' });
    expect(heard).toEqual(
      ids.map((id, i) => ({
        kind: 'ticket.updated',
        ticketId: id,
        version: (before[i] as number) + 1,
        fields: ['status', 'assignee'],
        by: agentId,
      })),
    );
  });

  it('the older bulk shape takes assignee "me" too', async () => {
    const id = await file();
    const res = await call('POST', '/tickets/bulk', agent, { ids: [id], assignee: 'me' });
    expect(res.statusCode).toBe(200);
    const row = await hd.ctx.db.selectFrom('posts').select('assignee_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.assignee_id).toBe(agentId);
  });

  it('bad bulk input is a 400 problem naming the field, and nothing is changed', async () => {
    const id = await file();
    const before = await versionOf(id);
    const refusals: Array<[object, string]> = [
      [{ ids: [id], changes: { status: 'waiting', assignee: 'someone' } }, 'changes.assignee'],
      [{ ids: [id], changes: { status: 'waiting', colour: 'red' } }, 'changes.colour'],
      [{ ids: [id], changes: {} }, 'changes'],
      [{ ids: [id], changes: { assignee: 'me', status: 'no-such-status' } }, 'status'],
      [{ ids: [id], changes: { status: 'waiting' }, assignee: 'me' }, 'changes'],
    ];
    for (const [payload, field] of refusals) {
      const res = await call('POST', '/tickets/bulk', agent, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await versionOf(id)).toBe(before);
    expect(await stateOf(id)).toEqual({ assignee_id: null, status: 'open' });
  });

  it('a "no" that reopens the ticket is one version with the rating and the automatic reopening, and one live event', async () => {
    await updateSettings(hd.ctx, { emails: { reopen_when_not_solved: true } });
    const id = await file();
    expect((await call('PATCH', `/tickets/${id}`, agent, { status: 'resolved' })).statusCode).toBe(200);
    const request = await hd.ctx.db.selectFrom('rating_requests').select('id').where('ticket_id', '=', id).executeTakeFirstOrThrow();
    const before = await versionOf(id);
    const claim = { ticketId: id, rating: 'no' as const, requestId: `test-${id}`, expiresAt: 2_000_000_000, resolutionId: request.id };
    let result: Awaited<ReturnType<typeof recordRating>> | undefined;
    const heard = await heardDuring([id], async () => {
      result = await recordRating(hd.ctx, claim, 'Still broken.');
    });
    expect(result).toMatchObject({ state: 'recorded', reopened: true });
    expect(await versionOf(id)).toBe(before + 1);
    expect(await entriesAfter(id, before)).toEqual([
      [
        before + 1,
        [
          ['rating', null, 'no', false],
          ['field', 'status', 'Open', true],
        ],
      ],
    ]);
    expect(heard.filter((m) => m.kind === 'ticket.updated')).toEqual([
      { kind: 'ticket.updated', ticketId: id, version: before + 1, fields: ['rating', 'status'], by: expect.any(Number) },
    ]);
  });
});
