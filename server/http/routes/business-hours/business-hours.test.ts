import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../../test/api-client.js';
import { createAdmin, createAgent, sessionHeaders } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const day = [{ start: '09:00', end: '17:00' }];
const weekdays = [[], day, day, day, day, day, []];

describeEachDatabase('business hours API: admins keep the schedules, refusals name the field and the fix', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let anyone: ApiClient;
  let admin: ApiClient;
  let agent: ApiClient;
  let adminId: number;

  beforeAll(async () => {
    anyone = createApiClient(hd.app);
    const ada = await createAdmin(hd);
    adminId = ada.id;
    admin = anyone.with(ada.headers);
    agent = anyone.with((await createAgent(hd)).headers);
  });

  it('lists the default schedule the setup made, Mon–Fri 09:00–17:00 in the site’s time zone', async () => {
    const [first] = (await admin.get('/business-hours/')).expectBody(200);
    expect(first).toMatchObject({ is_default: true, time_zone: null, effective_time_zone: 'UTC', week: weekdays, overrides: [] });
  });

  it('creates, reads, changes and deletes a schedule with a lunch break and a holiday list', async () => {
    const created = await admin.post('/business-hours/', {
      body: {
        name: 'Berlin office',
        time_zone: 'Europe/Berlin',
        week: [
          [],
          ...Array.from({ length: 5 }, () => [
            { start: '08:00', end: '12:00' },
            { start: '13:30', end: '18:00' },
          ]),
          [],
        ],
        overrides: [
          { date: '2026-12-25', name: 'Christmas Day', intervals: [] },
          { date: '2026-12-24', intervals: [{ start: '09:00', end: '12:00' }] },
        ],
      },
    });
    const body = created.expectBody(201);
    expect(created.headers.location).toBe(`/api/helpdesk/v1/business-hours/${body.id}`);
    expect(body).toMatchObject({ name: 'Berlin office', time_zone: 'Europe/Berlin', is_default: false });
    expect(body.overrides).toEqual([
      { date: '2026-12-24', name: '', intervals: [{ start: '09:00', end: '12:00' }] },
      { date: '2026-12-25', name: 'Christmas Day', intervals: [] },
    ]);
    expect((await admin.get('/business-hours/{id}', { params: { id: body.id } })).expectBody(200)).toEqual(body);

    const changed = await admin.patch('/business-hours/{id}', { params: { id: body.id }, body: { name: 'Berlin', overrides: [] } });
    expect(changed.expectBody(200)).toMatchObject({ name: 'Berlin', time_zone: 'Europe/Berlin', overrides: [] });
    expect((await admin.delete('/business-hours/{id}', { params: { id: body.id } })).status).toBe(204);
    expect((await admin.get('/business-hours/{id}', { params: { id: body.id } })).status).toBe(404);
  });

  it('refuses bad input naming each field and its fix: zone, HH:MM, start after end, overlap, date, empty week', async () => {
    const refused = await admin.post('/business-hours/', {
      body: {
        name: 'Broken',
        time_zone: 'Mars/Olympus',
        week: [
          [],
          [{ start: '17:00', end: '09:00' }],
          [
            { start: '09:00', end: '13:00' },
            { start: '12:00', end: '17:00' },
          ],
          day,
          day,
          day,
          [],
        ],
        overrides: [{ date: '2026-02-30', intervals: [] }],
      },
    });
    const problem = refused.expectBody(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(Object.fromEntries((problem.errors ?? []).map((e) => [e.field, e.detail]))).toEqual({
      time_zone: expect.stringContaining('IANA time zone'),
      'week.1.0.end': expect.stringContaining('17:00–09:00'),
      'week.2.1': expect.stringContaining('overlaps 09:00–13:00'),
      'overrides.0.date': expect.stringContaining('YYYY-MM-DD'),
    });

    // A malformed time is caught by the schema with the same words.
    const clock = await admin.post('/business-hours/', {
      body: { name: 'Clock', week: [[], [{ start: '9:00', end: '25:00' }], [], [], [], [], []] },
    });
    expect(clock.expectBody(400).errors).toEqual([
      expect.objectContaining({ field: 'week.1.0.start', detail: expect.stringContaining('HH:MM') }),
      expect.objectContaining({ field: 'week.1.0.end', detail: expect.stringContaining('HH:MM') }),
    ]);
    const empty = await admin.post('/business-hours/', { body: { name: 'Never', week: [[], [], [], [], [], [], []] } });
    expect(empty.expectBody(400).errors).toEqual([
      expect.objectContaining({ field: 'week', detail: expect.stringContaining('at least one') }),
    ]);
    const names = (await admin.get('/business-hours/')).expectBody(200).map((h) => h.name);
    expect(names).not.toContain('Broken');
  });

  it('takes 24:00 as an interval’s end (open until midnight) and refuses 24:00 as a start, 24:30 and 25:00, naming the field', async () => {
    const late = [{ start: '18:00', end: '24:00' }];
    const created = await admin.post('/business-hours/', { body: { name: 'Late', week: [[], late, late, [], [], [], []] } });
    expect(created.expectBody(201).week[1]).toEqual(late);
    const refused = await admin.post('/business-hours/', {
      body: {
        name: 'Broken',
        week: [[], [{ start: '24:00', end: '24:00' }], [{ start: '09:00', end: '24:30' }], [{ start: '25:00', end: '26:00' }], [], [], []],
      },
    });
    const problem = refused.expectBody(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const errors = Object.fromEntries((problem.errors ?? []).map((e) => [e.field, e.detail]));
    expect(errors['week.2.0.end']).toContain('from 00:00 to 24:00');
    expect(errors['week.3.0.start']).toContain('HH:MM');
    // The pattern lets 24:00 through as a start; the empty interval is then named with its fix.
    const empty = await admin.post('/business-hours/', {
      body: { name: 'Empty', week: [[], [{ start: '24:00', end: '24:00' }], [], [], [], [], []] },
    });
    expect(empty.expectBody(400).errors).toEqual([
      expect.objectContaining({ field: 'week.1.0.end', detail: expect.stringContaining('must end after it starts') }),
    ]);
  });

  it('says what to fix in the reader’s language', async () => {
    const german = await admin.post('/business-hours/', {
      body: { name: 'Zeit', week: [[], [{ start: '9:00', end: '17:00' }], [], [], [], [], []] },
      headers: { 'accept-language': 'de' },
    });
    expect(german.expectBody(400).errors?.[0]?.detail).toContain('Uhrzeit');
    const arabic = await admin.post('/business-hours/', {
      body: { name: 'Zeit', week: [[], [], [], [], [], [], []] },
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.expectBody(400).errors?.[0]?.detail).toContain('الأسبوع');
  });

  it('the default cannot be deleted or unmarked; marking another moves the default there', async () => {
    const original = (await admin.get('/business-hours/')).expectBody(200).find((h) => h.is_default);
    const id = original?.id ?? 0;
    const refusal = await admin.delete('/business-hours/{id}', { params: { id } });
    expect(refusal.status).toBe(409);
    expect((refusal.json() as { detail: string }).detail).toContain('make another schedule the default first');
    expect((await admin.patch('/business-hours/{id}', { params: { id }, body: { is_default: false } })).status).toBe(400);
    const other = (await admin.post('/business-hours/', { body: { name: 'Night', week: weekdays, is_default: true } })).expectBody(201);
    const list = (await admin.get('/business-hours/')).expectBody(200);
    expect(list.filter((h) => h.is_default).map((h) => h.id)).toEqual([other.id]);
    expect((await admin.patch('/business-hours/{id}', { params: { id }, body: { is_default: true } })).expectBody(200).is_default).toBe(
      true,
    );
  });

  it('agents and anonymous callers are refused; a signed-in admin’s cookie write needs the CSRF token', async () => {
    expect((await agent.get('/business-hours/')).status).toBe(403);
    expect((await agent.post('/business-hours/', { body: { name: 'Mine', week: weekdays } })).status).toBe(403);
    expect((await anyone.get('/business-hours/')).status).toBe(401);
    const session = await sessionHeaders(hd, adminId);
    const withoutToken = anyone.with({ cookie: session.cookie });
    expect((await withoutToken.post('/business-hours/', { body: { name: 'Cookie', week: weekdays } })).status).toBe(403);
    const withToken = anyone.with(session);
    expect((await withToken.post('/business-hours/', { body: { name: 'Cookie', week: weekdays } })).status).toBe(201);
  });
});
