import { beforeEach, expect, it } from 'vitest';
import type { OutgoingMail } from '../../email/create-transport.js';
import { buildWeeklyReportMail } from '../../email/weekly-report-mail.js';
import { createAdmin, createAgent, createTicket, type TestUser } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { memoryMail } from '../../test/site-client.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { sendWeeklyReports } from './send-weekly-reports.js';
import { setWeeklyReportMail } from './weekly-report-preference.js';

// Monday 7 December 2026, 08:00 in Berlin (UTC+1 in winter) is 07:00 UTC. Last week: 30 Nov to 6 Dec; before: 23 to 29 Nov.
const MONDAY_8_BERLIN = '2026-12-07T07:00:00.000Z';
const API = '/api/helpdesk/v1';

describeEachDatabase('the weekly report mail, with a clock the test sets', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true, homeUrl: 'https://help.example.com' });
  let clock = new Date(MONDAY_8_BERLIN);
  let anna: TestUser;
  beforeEach(async () => {
    hd.ctx.now = () => clock;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    // Tickets: one in the week before last (Tue 24 Nov), two last week (Tue 1 Dec, and Sun 6 Dec 23:30 Berlin = 22:30 UTC).
    for (const at of ['2026-11-24T10:00:00.000Z', '2026-12-01T10:00:00.000Z', '2026-12-06T22:30:00.000Z']) {
      clock = new Date(at);
      await createTicket(hd);
    }
    // A ticket on Monday 7 Dec at 00:30 Berlin (Sunday 23:30 UTC) belongs to this week: not counted.
    clock = new Date('2026-12-06T23:30:00.000Z');
    await createTicket(hd);
    anna = await createAdmin(hd, { name: 'Anna' });
    await hd.ctx.db.updateTable('users').set({ language: 'de', time_zone: 'Europe/Berlin' }).where('id', '=', anna.id).execute();
    await setWeeklyReportMail(hd.ctx.db, anna.id, true);
  });
  const reportMails = (sent: OutgoingMail[]) =>
    sent.filter((m) => m.subject.includes('Wochenbericht') || m.subject.includes('eekly report'));

  it('sends an opted-in admin one mail for the week from Monday 08:00 in their zone, never twice, in German', async () => {
    const mail = memoryMail(hd);
    await createAdmin(hd, { name: 'Otto' }); // not opted in
    const agent = await createAgent(hd, { name: 'Alex' });
    // An agent's stored choice (the API refuses it) is never read: the sweep mails admins only.
    await setWeeklyReportMail(hd.ctx.db, agent.id, true);

    clock = new Date('2026-12-07T06:59:59.000Z'); // 07:59:59 in Berlin
    expect(await sendWeeklyReports(hd.ctx)).toBe(0);
    clock = new Date(MONDAY_8_BERLIN);
    // Two instances at once, then a restart: one claim wins.
    const both = await Promise.all([sendWeeklyReports(hd.ctx), sendWeeklyReports(hd.ctx)]);
    expect(both[0] + both[1]).toBe(1);
    clock = new Date('2026-12-09T12:00:00.000Z');
    expect(await sendWeeklyReports(hd.ctx)).toBe(0);

    const sent = reportMails(await mail.drain());
    expect(sent.map((m) => m.to)).toEqual([anna.email]);
    const [report] = sent;
    expect(report?.subject).toMatch(/^Wochenbericht von .+: 30\.11\.2026 bis 06\.12\.2026$/);
    expect(report?.text).toContain('Hallo Anna,');
    expect(report?.text).toContain('Neue Tickets: 2 (1)');
    expect(report?.text).toContain('Offen am Ende der Woche: 3 (1)');
    expect(report?.text).toContain('Mittlere Zeit bis zur ersten Antwort (Median): keine (keine)');
    expect(report?.text).toContain('https://help.example.com/admin/reports/');
    expect(report?.html).toContain('<html lang="de" dir="ltr">');
    expect(report?.html).toContain('href="https://help.example.com/admin/reports/"');
    expect(report?.html).toContain('Berichte öffnen');
    expect(report?.html).toContain('Neue Tickets: 2 (1)<br>');

    // The figures are the Reports API's: the same week buckets in the same zone.
    const res = await hd.app.inject({
      method: 'GET',
      url: `${API}/reports/created?from=2026-11-23&to=2026-12-06&tz=Europe/Berlin&group_by=week`,
      headers: anna.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { buckets: Array<{ n: number }> }).buckets.map((b) => b.n)).toEqual([1, 2]);
  });

  it('waits for 08:00 in the admin’s own zone, and sends next week’s mail next Monday', async () => {
    await hd.ctx.db.updateTable('users').set({ time_zone: 'America/New_York' }).where('id', '=', anna.id).execute();
    clock = new Date(MONDAY_8_BERLIN); // 02:00 in New York
    expect(await sendWeeklyReports(hd.ctx)).toBe(0);
    clock = new Date('2026-12-07T13:00:00.000Z'); // 08:00 in New York
    expect(await sendWeeklyReports(hd.ctx)).toBe(1);
    clock = new Date('2026-12-14T12:59:00.000Z');
    expect(await sendWeeklyReports(hd.ctx)).toBe(0);
    clock = new Date('2026-12-14T13:00:00.000Z');
    expect(await sendWeeklyReports(hd.ctx)).toBe(1);
    const weeks = await hd.ctx.db.selectFrom('weekly_report_mails').select('week').orderBy('week').execute();
    expect(weeks.map((w) => w.week)).toEqual(['2026-11-30', '2026-12-07']);
  });

  it('sends nothing to an admin who turned it off, and the API lets only admins turn it on', async () => {
    clock = new Date(MONDAY_8_BERLIN);
    const off = await hd.app.inject({
      method: 'PATCH',
      url: `${API}/users/me/report-mail`,
      headers: anna.headers,
      payload: { weekly: false },
    });
    expect(off.json()).toEqual({ weekly: false });
    expect(await sendWeeklyReports(hd.ctx)).toBe(0);
    const on = await hd.app.inject({
      method: 'PATCH',
      url: `${API}/users/me/report-mail`,
      headers: anna.headers,
      payload: { weekly: true },
    });
    expect(on.json()).toEqual({ weekly: true });
    expect(await sendWeeklyReports(hd.ctx)).toBe(1);
    const agent = await createAgent(hd);
    const refused = await hd.app.inject({
      method: 'PATCH',
      url: `${API}/users/me/report-mail`,
      headers: agent.headers,
      payload: { weekly: true },
    });
    expect(refused.statusCode).toBe(403);
    const read = await hd.app.inject({ method: 'GET', url: `${API}/users/me/report-mail`, headers: agent.headers });
    expect(read.json()).toEqual({ weekly: false });
  });

  it('writes Arabic right to left', async () => {
    await hd.ctx.db.updateTable('users').set({ language: 'ar' }).where('id', '=', anna.id).execute();
    const mail = await buildWeeklyReportMail(hd.ctx, hd.config, { id: 1, userId: anna.id, week: '2026-11-30', timeZone: 'Europe/Berlin' });
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail?.html).toContain('افتح التقارير');
    expect(
      mail?.text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .every((line) => line.startsWith('\u200F')),
    ).toBe(true);
  });
});
