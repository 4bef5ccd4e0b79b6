import { beforeAll, describe, expect, it } from 'vitest';
import { deleteTicket } from '../../../domain/tickets/delete-ticket.js';
import { updateSettings } from '../../../settings/settings.js';
import { createAgent, createClient, type TestUser } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

// A fixture of 1,000 tickets whose times are written here, by formulas of their index, straight into the facts the
// reports read (what keeps those facts is tested in server/domain/report-facts/). Every expected figure is worked
// out below from the same formulas with this file's own nearest-rank percentiles, never by calling the reports' code.

type Headers = Record<string, string>;
const N = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BASE = Date.parse('2026-11-01T00:00:00.000Z');
const CHANNELS = ['widget', 'mail', 'site', 'api'];
const DELETED = new Set([50, 150, 250, 350, 450, 550, 650, 750, 850, 950]);

interface Fixture {
  i: number;
  created: number;
  channel: string;
  agent: number | null;
  firstReply: { s: number; bs: number } | null;
  resolution: { s: number; bs: number; waitS: number; waitBs: number } | null;
  reopens: number;
  nextReplies: Array<{ at: number; s: number; bs: number }>;
  rating: { at: number; yes: boolean } | null;
  slaFirst: { at: number; met: boolean } | null;
}

function fixture(i: number): Fixture {
  // Ticket 1 is filed at 23:30 UTC on 2 November: the 3rd in Europe/Berlin (UTC+1 then).
  const created = i === 1 ? Date.parse('2026-11-02T23:30:00.000Z') : BASE + i * 41 * MINUTE + (i % 60) * 1000;
  const firstS = 60 + ((i * 7919) % 36_000);
  const resolutionS = 3600 + ((i * 104_729) % 500_000);
  const resolved = i % 3 === 0;
  return {
    i,
    created,
    channel: CHANNELS[i % 4] as string,
    agent: i % 10 === 7 ? null : i % 3,
    firstReply: i % 5 === 4 ? null : { s: firstS, bs: Math.floor(firstS / 2) },
    resolution: resolved
      ? {
          s: resolutionS,
          bs: Math.floor(resolutionS / 3),
          waitS: resolutionS - (i % 7) * 600,
          waitBs: Math.floor(resolutionS / 3) - (i % 7) * 100,
        }
      : null,
    reopens: i % 11 === 0 ? 1 + (i % 3) : 0,
    nextReplies:
      i % 4 === 1
        ? [
            { at: created + 2 * HOUR, s: 120 + ((i * 31) % 7200), bs: 60 + ((i * 31) % 3600) },
            { at: created + 5 * HOUR, s: 300 + ((i * 17) % 3600), bs: 100 + ((i * 17) % 1800) },
          ]
        : [],
    rating: resolved && i % 2 === 0 ? { at: created + resolutionS * 1000 + HOUR, yes: i % 4 === 0 } : null,
    slaFirst: i % 8 === 0 ? { at: created + 2 * HOUR, met: i % 16 !== 0 } : null,
  };
}

/**
 * Each ticket's stays in Resolved or Closed: a reopened ticket was first resolved 30 minutes after filing for 25
 * hours (so the stay covers a day's end) when that ends before its final resolution; a resolved ticket stays from
 * its resolution on.
 */
function staysOf(t: Fixture): Array<{ from: number; to: number | null }> {
  const stays: Array<{ from: number; to: number | null }> = [];
  const final = t.resolution ? t.created + t.resolution.s * 1000 : null;
  const early = { from: t.created + 30 * MINUTE, to: t.created + 30 * MINUTE + 25 * HOUR };
  if (t.reopens > 0 && (final === null || final > early.to)) stays.push(early);
  if (final !== null) stays.push({ from: final, to: null });
  return stays;
}
/** Open at instant `at`: filed before it and in no stay in Resolved or Closed then. */
const isOpenAt = (t: Fixture, at: number) =>
  t.created < at && !staysOf(t).some((stay) => stay.from < at && (stay.to === null || stay.to >= at));

const TICKETS = Array.from({ length: N }, (_, i) => fixture(i));
const KEPT = TICKETS.filter((t) => !DELETED.has(t.i));

// This file's own statistics: nearest rank, the value at ⌈p × n⌉ (1-based) of the sorted values.
function expectedStats(values: number[]) {
  if (values.length === 0) return { n: 0, median_s: null, p90_s: null, mean_s: null };
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.ceil(p * sorted.length) - 1];
  return { n: sorted.length, median_s: rank(0.5), p90_s: rank(0.9), mean_s: Math.round(sorted.reduce((a, b) => a + b, 0) / sorted.length) };
}
const iso = (t: number) => new Date(t).toISOString();
const utcDay = (t: number) => iso(t).slice(0, 10);
// November and December 2026 in Berlin are UTC+1 throughout (summer time ended on 25 October).
const berlinDay = (t: number) => iso(t + HOUR).slice(0, 10);
const month = (t: number) => iso(t).slice(0, 7);
const novemberDays = Array.from({ length: 30 }, (_, d) => `2026-11-${String(d + 1).padStart(2, '0')}`);

describeEachDatabase('reports over 1,000 tickets with known times', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: Headers;
  let agentHeaders: Headers;
  const agents: TestUser[] = [];
  const ids = new Map<number, number>();
  const get = (path: string, headers: Headers = admin) =>
    hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/reports/${path}`, headers });
  const buckets = async (path: string) => {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().buckets as Array<Record<string, unknown>>;
  };
  const byKey = (list: Array<Record<string, unknown>>) => Object.fromEntries(list.map((b) => [b.key, b]));

  beforeAll(async () => {
    hd.ctx.now = () => new Date('2026-12-31T12:00:00.000Z');
    [admin, agentHeaders] = await Promise.all([hd.authAs('admin'), hd.authAs('agent')]);
    for (let a = 0; a < 3; a++) agents.push(await createAgent(hd, { name: `Agent ${a}` }));
    const client = await createClient(hd);
    const db = hd.ctx.db;
    for (let start = 0; start < N; start += 100) {
      const batch = TICKETS.slice(start, start + 100);
      const rows = await db
        .insertInto('posts')
        .values(
          batch.map((t) => ({
            type: 'ticket',
            status: 'publish',
            title: `Ticket ${t.i}`,
            content: 'Known times.',
            slug: '',
            author_id: client.id,
            product_id: null,
            parent_id: null,
            assignee_id: t.agent === null ? null : (agents[t.agent] as TestUser).id,
            menu_order: 0,
            number: 100_000 + t.i,
            created_at: iso(t.created),
            updated_at: iso(t.created),
          })),
        )
        .returning(['id', 'number'])
        .execute();
      for (const row of rows) ids.set((row.number as number) - 100_000, row.id);
      await db
        .insertInto('ticket_report_facts')
        .values(
          batch.map((t) => ({
            ticket_id: ids.get(t.i) as number,
            created_at: iso(t.created),
            channel: t.channel,
            status: t.resolution ? 'resolved' : 'open',
            first_reply_at: t.firstReply ? iso(t.created + t.firstReply.s * 1000) : null,
            first_reply_s: t.firstReply?.s ?? null,
            first_reply_bs: t.firstReply?.bs ?? null,
            resolved_at: t.resolution ? iso(t.created + t.resolution.s * 1000) : null,
            resolution_s: t.resolution?.s ?? null,
            resolution_bs: t.resolution?.bs ?? null,
            client_wait_s: t.resolution?.waitS ?? null,
            client_wait_bs: t.resolution?.waitBs ?? null,
            reopen_count: t.reopens,
          })),
        )
        .execute();
      const stays = batch.flatMap((t) =>
        staysOf(t).map((stay) => ({
          ticket_id: ids.get(t.i) as number,
          resolved_at: iso(stay.from),
          reopened_at: stay.to === null ? null : iso(stay.to),
        })),
      );
      if (stays.length > 0) await db.insertInto('ticket_report_resolutions').values(stays).execute();
      const replies = batch.flatMap((t) =>
        t.nextReplies.map((r) => ({ ticket_id: ids.get(t.i) as number, replied_at: iso(r.at), seconds: r.s, business_seconds: r.bs })),
      );
      if (replies.length > 0) await db.insertInto('ticket_report_replies').values(replies).execute();
      const ratings = batch.filter((t) => t.rating);
      if (ratings.length > 0)
        await db
          .insertInto('ticket_ratings')
          .values(
            ratings.map((t) => ({
              ticket_id: ids.get(t.i) as number,
              request_id: `fixture-${t.i}`,
              rating: t.rating?.yes ? ('yes' as const) : ('no' as const),
              comment: '',
              created_at: iso(t.rating?.at as number),
              resolution_id: null,
            })),
          )
          .execute();
      const targets = batch.filter((t) => t.slaFirst);
      if (targets.length > 0)
        await db
          .insertInto('ticket_sla_targets')
          .values(
            targets.map((t) => ({
              ticket_id: ids.get(t.i) as number,
              metric: 'first_reply',
              target_seconds: 3600,
              started_at: iso(t.created),
              status: 'met',
              due_at: iso(t.created + HOUR),
              met_at: iso(t.slaFirst?.at as number),
              breached_at: t.slaFirst?.met ? null : iso(t.created + HOUR),
              business_seconds_used: 0,
              running_since: null,
              paused_at: null,
            })),
          )
          .execute();
    }
    // Deleted through the one delete there is: their facts, replies, ratings and targets must leave every report.
    for (const i of DELETED) await deleteTicket(hd.ctx, ids.get(i) as number);
  }, 120_000);

  it('tickets created per day in UTC: the count of each day of November', async () => {
    const got = byKey(await buckets('created?from=2026-11-01&to=2026-11-30&tz=UTC&group_by=day'));
    for (const day of novemberDays) expect(got[day]?.n, day).toBe(KEPT.filter((t) => utcDay(t.created) === day).length);
  });

  it('in Europe/Berlin a ticket filed at 23:30 UTC counts on the next day', async () => {
    const utc = byKey(await buckets('created?from=2026-11-02&to=2026-11-03&tz=UTC&group_by=day'));
    const berlin = byKey(await buckets('created?from=2026-11-02&to=2026-11-03&tz=Europe/Berlin&group_by=day'));
    const utcCount = (day: string) => KEPT.filter((t) => utcDay(t.created) === day).length;
    const berlinCount = (day: string) => KEPT.filter((t) => berlinDay(t.created) === day).length;
    expect(utc['2026-11-02']?.n).toBe(utcCount('2026-11-02'));
    expect(berlin['2026-11-03']?.n).toBe(berlinCount('2026-11-03'));
    // Ticket 1 (23:30 UTC on the 2nd) is the one the zones disagree on, with the tickets of 23:00–23:59 UTC.
    expect(berlinDay(TICKETS[1]?.created as number)).toBe('2026-11-03');
    expect(utcDay(TICKETS[1]?.created as number)).toBe('2026-11-02');
    expect(berlin['2026-11-03']?.n).not.toBe(utc['2026-11-03']?.n);
  });

  it('deleted tickets are in no report', async () => {
    const [all] = await buckets('created?from=2026-11-01&to=2026-12-31&tz=UTC&group_by=month');
    expect(all).toMatchObject({ key: '2026-11', n: KEPT.filter((t) => month(t.created) === '2026-11').length });
    expect(KEPT.length).toBe(990);
  });

  for (const hours of ['calendar', 'business'] as const) {
    const pick = (v: { s: number; bs: number }) => (hours === 'calendar' ? v.s : v.bs);
    it(`first reply time by month in ${hours} hours: median, p90, mean and count`, async () => {
      const got = byKey(await buckets(`first_reply?from=2026-11-01&to=2026-12-31&tz=UTC&group_by=month&hours=${hours}`));
      for (const m of ['2026-11', '2026-12']) {
        const values = KEPT.filter((t) => t.firstReply && month(t.created + t.firstReply.s * 1000) === m).map((t) =>
          pick(t.firstReply as { s: number; bs: number }),
        );
        expect(got[m], m).toMatchObject(expectedStats(values));
      }
    });

    it(`full resolution time and the time the client waited by channel in ${hours} hours`, async () => {
      const resolution = byKey(await buckets(`resolution?from=2026-11-01&to=2026-12-31&tz=UTC&group_by=channel&hours=${hours}`));
      const waited = byKey(await buckets(`client_wait?from=2026-11-01&to=2026-12-31&tz=UTC&group_by=channel&hours=${hours}`));
      for (const channel of CHANNELS) {
        const resolved = KEPT.filter((t) => t.resolution && t.channel === channel && month(t.created + t.resolution.s * 1000) <= '2026-12');
        expect(resolution[channel], channel).toMatchObject(
          expectedStats(resolved.map((t) => (hours === 'calendar' ? t.resolution?.s : t.resolution?.bs) as number)),
        );
        expect(waited[channel], channel).toMatchObject(
          expectedStats(resolved.map((t) => (hours === 'calendar' ? t.resolution?.waitS : t.resolution?.waitBs) as number)),
        );
      }
    });

    it(`next reply time by week in ${hours} hours`, async () => {
      const got = await buckets(`next_reply?from=2026-11-02&to=2026-11-29&tz=UTC&group_by=week&hours=${hours}`);
      expect(got.map((b) => b.key)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
      for (const bucket of got) {
        const start = Date.parse(`${bucket.key}T00:00:00.000Z`);
        const values = KEPT.flatMap((t) => t.nextReplies)
          .filter((r) => r.at >= start && r.at < start + 7 * 24 * HOUR)
          .map((r) => pick(r));
        expect(bucket, String(bucket.key)).toMatchObject(expectedStats(values));
      }
    });
  }

  it('first reply time per agent (the assignee), with their names; unassigned tickets under none', async () => {
    const got = byKey(await buckets('first_reply?from=2026-11-01&to=2026-12-31&tz=UTC&group_by=agent'));
    for (let a = 0; a < 3; a++) {
      const values = KEPT.filter((t) => t.agent === a && t.firstReply).map((t) => t.firstReply?.s as number);
      expect(got[String(agents[a]?.id)]).toMatchObject({ label: `Agent ${a}`, ...expectedStats(values) });
    }
    expect(got.none).toMatchObject(
      expectedStats(KEPT.filter((t) => t.agent === null && t.firstReply).map((t) => t.firstReply?.s as number)),
    );
  });

  it('tickets resolved and reopened per day', async () => {
    const resolved = byKey(await buckets('resolved?from=2026-11-01&to=2026-11-30&tz=UTC'));
    const reopened = byKey(await buckets('reopened?from=2026-11-01&to=2026-11-30&tz=UTC'));
    for (const day of novemberDays) {
      expect(resolved[day]?.n, day).toBe(KEPT.filter((t) => t.resolution && utcDay(t.created + t.resolution.s * 1000) === day).length);
      expect(reopened[day]?.n, day).toBe(KEPT.filter((t) => t.reopens > 0 && utcDay(t.created) === day).length);
    }
  });

  it('the backlog at the end of each day: filed before it and not resolved then (a reopened ticket open again)', async () => {
    const got = byKey(await buckets('backlog?from=2026-11-01&to=2026-11-30&tz=UTC&group_by=day'));
    let reopenedMatter = 0;
    for (const day of novemberDays) {
      const end = Date.parse(`${day}T00:00:00.000Z`) + 24 * HOUR;
      expect(got[day]?.n, day).toBe(KEPT.filter((t) => isOpenAt(t, end)).length);
      // The days on which the earlier stays change the count: without them the test would not tell.
      reopenedMatter += KEPT.filter((t) => t.created < end && !isOpenAt(t, end) && staysOf(t).some((stay) => stay.to !== null)).length;
    }
    expect(reopenedMatter).toBeGreaterThan(0);
    const byChannel = byKey(await buckets('backlog?from=2026-11-01&to=2026-11-20&tz=UTC&group_by=channel'));
    const end = Date.parse('2026-11-21T00:00:00.000Z');
    for (const channel of CHANNELS)
      expect(byChannel[channel]?.n, channel).toBe(KEPT.filter((t) => t.channel === channel && isOpenAt(t, end)).length);
  });

  it('satisfaction: yes ÷ answered, with the count, per month', async () => {
    const got = byKey(await buckets('satisfaction?from=2026-11-01&to=2026-12-31&tz=UTC&group_by=month'));
    for (const m of ['2026-11', '2026-12']) {
      const answers = KEPT.filter((t) => t.rating && month(t.rating.at) === m);
      const yes = answers.filter((t) => t.rating?.yes).length;
      expect(got[m], m).toMatchObject({ n: answers.length, yes, share: Math.round((yes / answers.length) * 10_000) / 10_000 });
    }
  });

  it('first reply targets met in time, per channel', async () => {
    const got = byKey(await buckets('sla_first_reply?from=2026-11-01&to=2026-12-31&tz=UTC&group_by=channel'));
    for (const channel of CHANNELS) {
      const targets = KEPT.filter((t) => t.slaFirst && t.channel === channel);
      const met = targets.filter((t) => t.slaFirst?.met).length;
      if (targets.length === 0) expect(got[channel]).toBeUndefined();
      else expect(got[channel], channel).toMatchObject({ n: targets.length, yes: met });
    }
  });

  it('the CSV of a chart is its JSON, cell for cell', async () => {
    const path = 'first_reply?from=2026-11-01&to=2026-11-30&tz=Europe/Berlin&group_by=week&hours=business';
    const json = await buckets(path);
    const csv = await get(`${path}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trimEnd().split('\r\n');
    const columns = ['key', 'label', 'n', 'median_s', 'p90_s', 'mean_s', 'yes', 'share'];
    expect(lines[0]).toBe(columns.join(','));
    expect(lines.slice(1)).toEqual(json.map((b) => columns.map((c) => (b[c] === null ? '' : String(b[c]))).join(',')));
  });

  describe('who may see what, and plain answers to bad parameters', () => {
    it('agents see the team’s figures; per agent only with the setting on', async () => {
      expect((await get('created?group_by=channel', agentHeaders)).statusCode).toBe(200);
      const refused = await get('created?group_by=agent', agentHeaders);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toContain('Agents see figures per agent');
      await updateSettings(hd.ctx, { tickets: { agents_see_per_agent_reports: true } });
      expect((await get('created?group_by=agent', agentHeaders)).statusCode).toBe(200);
      await updateSettings(hd.ctx, { tickets: { agents_see_per_agent_reports: false } });
      expect((await get('created', {})).statusCode).toBe(401);
    });

    it.each([
      ['an unknown metric', 'speed', 404, null],
      ['a bad time zone', 'created?tz=Mars/Olympus', 400, 'tz'],
      ['a date that is none', 'created?from=2026-02-30', 400, 'from'],
      ['from after to', 'created?from=2026-11-30&to=2026-11-01', 400, 'from'],
      ['too long a range', 'created?from=2020-01-01&to=2026-11-01', 400, 'to'],
      ['an unknown grouping', 'created?group_by=planet', 400, 'group_by'],
      ['unknown hours', 'created?hours=office', 400, 'hours'],
    ])('%s is an RFC 9457 problem naming the field', async (_name, path, status, field) => {
      const res = await get(path);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      if (field) expect(res.json().errors[0].field).toBe(field);
      else expect(res.json().detail).toContain('first_reply');
    });

    it('every definition is given, in the reader’s language, with how times are summed up', async () => {
      const res = await get('first_reply', { ...admin, 'accept-language': 'de' });
      expect(res.json().definition).toContain('ersten Antwort');
      expect(res.json().statistics).toContain('Nearest-Rank');
      expect((await get('created')).json().statistics).toBeNull();
    });
  });

  it('the per-ticket CSV: one line per ticket of the range, oldest first, with its facts', async () => {
    const res = await get('tickets.csv?from=2026-11-01&to=2026-11-30&tz=UTC');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    const inNovember = KEPT.filter((t) => utcDay(t.created) <= '2026-11-30').sort((a, b) => a.created - b.created);
    expect(lines.length - 1).toBe(inNovember.length);
    const header = (lines[0] as string).split(',');
    const first = (lines[1] as string).split(',');
    const cell = (row: string[], column: string) => row[header.indexOf(column)];
    const t = inNovember[0] as Fixture;
    expect(cell(first, 'number')).toBe(String(100_000 + t.i));
    expect(cell(first, 'channel')).toBe(t.channel);
    expect(cell(first, 'first_reply_s')).toBe(String(t.firstReply?.s ?? ''));
    expect(cell(first, 'resolution_business_s')).toBe(String(t.resolution?.bs ?? ''));
    expect(cell(first, 'reopen_count')).toBe(String(t.reopens));
    expect(cell(first, 'sla_breaches')).toBe(t.slaFirst && !t.slaFirst.met ? 'first_reply' : '');
    expect(cell(first, 'link')).toMatch(new RegExp(`/admin/tickets/${100_000 + t.i}$`));
  });

  describe('the tickets behind each bar', () => {
    const behind = async (metric: string, query: string, key: string, headers: Headers = admin) => {
      const lines: Array<Record<string, unknown>> = [];
      let n = -1;
      for (let page = 1; ; page++) {
        const res = await get(`${metric}/tickets?${query}&key=${encodeURIComponent(key)}&page=${page}`, headers);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        n = body.n;
        lines.push(...body.tickets);
        if (body.tickets.length < body.per_page) break;
      }
      expect(lines.length).toBe(n);
      return { n, lines };
    };

    it('every metric by week, and a time by channel and by agent: each list has as many lines as its bar counts', async () => {
      const cases: Array<[string, string]> = [
        ...[
          'created',
          'resolved',
          'reopened',
          'backlog',
          'first_reply',
          'next_reply',
          'resolution',
          'client_wait',
          'satisfaction',
          'sla_first_reply',
        ].map((metric): [string, string] => [metric, 'from=2026-11-01&to=2026-11-30&tz=Europe/Berlin&group_by=week']),
        ['first_reply', 'from=2026-11-01&to=2026-12-31&tz=UTC&group_by=channel&hours=business'],
        ['resolution', 'from=2026-11-01&to=2026-12-31&tz=UTC&group_by=agent'],
      ];
      for (const [metric, query] of cases) {
        const bars = (await buckets(`${metric}?${query}`)).filter((bar) => (bar.n as number) > 0);
        expect(bars.length, metric).toBeGreaterThan(0);
        for (const bar of bars) expect((await behind(metric, query, bar.key as string)).n, `${metric} ${bar.key}`).toBe(bar.n);
      }
    });

    it('the first replies of one day: exactly the tickets answered that day, with their times, oldest first', async () => {
      const day = '2026-11-05';
      const expected = KEPT.filter((t) => t.firstReply && utcDay(t.created + t.firstReply.s * 1000) === day)
        .map((t) => ({ number: 100_000 + t.i, value_s: t.firstReply?.s, at: t.created + (t.firstReply?.s ?? 0) * 1000 }))
        .sort((a, b) => a.at - b.at);
      const { lines } = await behind('first_reply', 'from=2026-11-01&to=2026-11-30&tz=UTC&group_by=day', day);
      expect(lines.map((line) => [line.number, line.value_s])).toEqual(expected.map((e) => [e.number, e.value_s]));
      expect(lines[0]?.subject).toMatch(/^Ticket \d+$/);
    });

    it('the backlog of a day: the tickets filed before its end and not resolved by then', async () => {
      const end = Date.parse('2026-11-10T00:00:00.000Z');
      const open = KEPT.filter((t) => isOpenAt(t, end));
      const { lines } = await behind('backlog', 'from=2026-11-01&to=2026-11-30&tz=UTC&group_by=day', '2026-11-09');
      expect(lines.map((line) => line.number).sort()).toEqual(open.map((t) => 100_000 + t.i).sort());
    });

    it('unassigned tickets under none; a satisfaction answer says whether it was a yes', async () => {
      const none = await behind('created', 'from=2026-11-01&to=2026-12-31&tz=UTC&group_by=agent', 'none');
      expect(none.lines.map((line) => line.number).sort()).toEqual(
        KEPT.filter((t) => t.agent === null)
          .map((t) => 100_000 + t.i)
          .sort(),
      );
      const rated = await behind('satisfaction', 'from=2026-11-01&to=2026-12-31&tz=UTC&group_by=channel', 'widget');
      const yes = KEPT.filter((t) => t.channel === 'widget' && t.rating?.yes).length;
      expect(rated.lines.filter((line) => line.ok === true).length).toBe(yes);
    });

    it('a key the report has not is a problem naming key; per agent only for whom the report allows', async () => {
      for (const key of ['2026-13-01', 'x1']) {
        const res = await get(`created/tickets?from=2026-11-01&to=2026-11-30&group_by=${key === 'x1' ? 'tag' : 'day'}&key=${key}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].field).toBe('key');
      }
      expect((await get('created/tickets?group_by=agent&key=none', agentHeaders)).statusCode).toBe(403);
      expect((await get('created/tickets?key=none&group_by=channel', {})).statusCode).toBe(401);
    });

    it('the reports index names every metric and the groupings the reader may use', async () => {
      const forAdmin = (await get('')).json();
      expect(forAdmin.metrics).toHaveLength(12);
      expect(forAdmin.groupings).toContain('agent');
      const forAgent = (await get('', agentHeaders)).json();
      expect(forAgent.groupings).not.toContain('agent');
      await updateSettings(hd.ctx, { tickets: { agents_see_per_agent_reports: true } });
      expect((await get('', agentHeaders)).json().groupings).toContain('agent');
      await updateSettings(hd.ctx, { tickets: { agents_see_per_agent_reports: false } });
    });
  });
});
