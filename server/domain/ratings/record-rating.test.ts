import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { RatingClaim } from '../../email/rating-links.js';
import { updateSettings } from '../../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { getSatisfaction } from './get-satisfaction.js';
import { recordRating } from './record-rating.js';

type Headers = Record<string, string>;

describeEachDatabase('recordRating: a client answers "Did this solve it?"', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let mailCounter = 0;
  const api = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: agent, payload });
  const statusOf = async (id: number) => (await api('GET', `/tickets/${id}`)).json().status.slug as string;

  /** A ticket filed by a client and resolved by an agent, with the claim its mailed link would carry. */
  async function resolvedTicket(rating: 'yes' | 'no'): Promise<{ id: number; claim: RatingClaim }> {
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    const id = filed.json().id as number;
    expect((await api('PATCH', `/tickets/${id}`, { status: 'resolved' })).statusCode).toBe(200);
    const request = await hd.db.kysely
      .selectFrom('rating_requests')
      .select('id')
      .where('ticket_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    mailCounter += 1;
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    return { id, claim: { ticketId: id, rating, requestId: `mail-${mailCounter}`, expiresAt, resolutionId: request.id } };
  }

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    agent = await hd.authAs('agent');
  });

  it('"yes" is recorded once per mail: the second answer of the same mail changes nothing', async () => {
    const { id, claim } = await resolvedTicket('yes');
    expect(await recordRating(hd.ctx, claim, '')).toEqual({ state: 'recorded', reopened: false, superseded: false });
    expect(await statusOf(id)).toBe('resolved');
    expect(await recordRating(hd.ctx, { ...claim, rating: 'no' }, 'changed my mind')).toEqual({ state: 'already', rating: 'yes' });
    expect(await statusOf(id)).toBe('resolved');
    const rows = await hd.db.kysely.selectFrom('ticket_ratings').select('rating').where('ticket_id', '=', id).execute();
    expect(rows).toEqual([{ rating: 'yes' }]);
  });

  it('"no" reopens the resolved ticket while the setting is on, and leaves it resolved while it is off', async () => {
    await updateSettings(hd.ctx, { emails: { reopen_when_not_solved: true } });
    const first = await resolvedTicket('no');
    expect(await recordRating(hd.ctx, first.claim, 'Still broken')).toEqual({ state: 'recorded', reopened: true, superseded: false });
    expect(await statusOf(first.id)).toBe('open');

    await updateSettings(hd.ctx, { emails: { reopen_when_not_solved: false } });
    const second = await resolvedTicket('no');
    expect(await recordRating(hd.ctx, second.claim, '')).toEqual({ state: 'recorded', reopened: false, superseded: false });
    expect(await statusOf(second.id)).toBe('resolved');
    await updateSettings(hd.ctx, { emails: { reopen_when_not_solved: true } });
  });

  it('an answer about a resolution reopened since is kept as superseded and reopens nothing', async () => {
    const { id, claim } = await resolvedTicket('no');
    expect((await api('PATCH', `/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    expect((await api('PATCH', `/tickets/${id}`, { status: 'resolved' })).statusCode).toBe(200);
    expect(await recordRating(hd.ctx, claim, 'about the first time')).toEqual({ state: 'recorded', reopened: false, superseded: true });
    expect(await statusOf(id)).toBe('resolved');
  });

  it('an answer for a ticket deleted since is gone, and nothing is stored', async () => {
    const { id, claim } = await resolvedTicket('yes');
    const deleted = await hd.app.inject({ method: 'DELETE', url: `/api/helpdesk/v1/tickets/${id}`, headers: await hd.authAs('admin') });
    expect(deleted.statusCode).toBe(204);
    expect(await recordRating(hd.ctx, claim, '')).toEqual({ state: 'gone' });
    expect(await hd.db.kysely.selectFrom('ticket_ratings').select('id').where('request_id', '=', claim.requestId).execute()).toEqual([]);
  });
});

describeEachDatabase('getSatisfaction: the share of answers that held', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let agent: Headers;
  let mailCounter = 0;
  const api = (url: string, payload: object) => hd.app.inject({ method: 'PATCH', url: `/api/helpdesk/v1${url}`, headers: agent, payload });

  /** Files, resolves and answers a ticket; the answer as its mailed link would carry it. */
  async function answered(rating: 'yes' | 'no'): Promise<number> {
    const id = (await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() })).json().id as number;
    expect((await api(`/tickets/${id}`, { status: 'resolved' })).statusCode).toBe(200);
    const request = await hd.db.kysely.selectFrom('rating_requests').select('id').where('ticket_id', '=', id).executeTakeFirstOrThrow();
    mailCounter += 1;
    const claim = { ticketId: id, rating, requestId: `mail-${mailCounter}`, expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    await recordRating(hd.ctx, { ...claim, resolutionId: request.id }, '');
    return id;
  }

  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSettings(hd.ctx, { emails: { reopen_when_not_solved: false } });
    agent = await hd.authAs('agent');
  });

  it('has no share while nobody answered, then rounds the satisfied answers to a percentage', async () => {
    expect(await getSatisfaction(hd.db.kysely, 30)).toEqual({ yes: 0, no: 0, reopened: 0, percentYes: null, days: 30 });
    await answered('yes');
    await answered('yes');
    await answered('no');
    expect(await getSatisfaction(hd.db.kysely, 30)).toEqual({ yes: 2, no: 1, reopened: 0, percentYes: 67, days: 30 });
  });

  it('counts a "yes" whose resolution was reopened since apart, among the answers but not satisfied', async () => {
    const id = await answered('yes');
    expect((await getSatisfaction(hd.db.kysely)).percentYes).toBe(100);
    expect((await api(`/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    expect(await getSatisfaction(hd.db.kysely)).toMatchObject({ yes: 0, reopened: 1, percentYes: 0 });
  });

  it('counts only the answers within the period before the time asked', async () => {
    await answered('no');
    const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    expect(await getSatisfaction(hd.db.kysely, 7, inThreeDays)).toMatchObject({ no: 1, days: 7 });
    expect(await getSatisfaction(hd.db.kysely, 2, inThreeDays)).toEqual({ yes: 0, no: 0, reopened: 0, percentYes: null, days: 2 });
  });
});
