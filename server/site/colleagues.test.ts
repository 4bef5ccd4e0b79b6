import { beforeEach, expect, it } from 'vitest';
import { CC_MAX } from '../../common/limits.js';
import { insertParticipant } from '../domain/participants/participants.js';
import { saveOrganisation } from '../domain/people/save-organisation.js';
import { COLLEAGUE_ADDS_PER_ACCOUNT_HOUR } from '../intake/limit-colleague-adds.js';
import { updateSettings } from '../settings/settings.js';
import { createAgent, createClient, createTicket, replyAs, signedInBrowser, type TestUser } from '../test/factories.js';
import { setRegistration } from '../test/fixtures.js';
import { TINY_PNG } from '../test/multipart.js';
import { csrfIn, memoryMail, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('the help site: a client copies colleagues in, and who opens a shared ticket’s files', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let mail: ReturnType<typeof memoryMail>;
  let owner: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let ticket: { id: number; number: number };
  let ownerBrowser: SiteClient;
  const thread = () => `/tickets/?ticket=${ticket.number}`;
  const setSharing = (on: boolean) => updateSettings(hd.ctx, { tickets: { organisation_sharing: on } });
  const copiedIds = async () =>
    (
      await hd.ctx.db
        .selectFrom('ticket_participants')
        .select('user_id')
        .where('ticket_id', '=', ticket.id)
        .where('kind', '=', 'cc')
        .execute()
    ).map((r) => r.user_id);
  const addAs = (browser: SiteClient, email: string, ticketId = ticket.id) =>
    browser.submit(thread(), '/account/colleagues/add/', { ticket_id: String(ticketId), return_to: '/tickets/', email });

  beforeEach(async () => {
    mail = memoryMail(hd);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await saveOrganisation(hd.ctx, null, { name: 'Acme', domains: ['acme.test'] });
    await saveOrganisation(hd.ctx, null, { name: 'Other', domains: ['other.test'] });
    owner = await createClient(hd, { email: 'owner@acme.test', name: 'Olga Owner' });
    colleague = await createClient(hd, { email: 'colleague@acme.test', name: 'Cleo Colleague' });
    outsider = await createClient(hd, { email: 'someone@other.test', name: 'Oscar Outsider' });
    const filed = await createTicket(hd, { email: owner.email, subject: 'The shared printer jams' });
    ticket = { id: filed.id, number: filed.number };
    ownerBrowser = await signedInBrowser(hd, owner.id);
  });

  /** The owner replies with a PNG on their ticket; the file's public id. */
  const ownerSendsFile = async () => {
    const page = await ownerBrowser.get(thread());
    const res = await ownerBrowser.postMultipart(
      '/account/reply/',
      { _csrf: csrfIn(page.body), ticket_id: String(ticket.id), return_to: '/tickets/', text: 'The jam, photographed.' },
      [{ name: 'jam.png', bytes: TINY_PNG }],
    );
    expect(res.statusCode).toBe(303);
    const row = await hd.ctx.db.selectFrom('attachments').select('public_id').where('ticket_id', '=', ticket.id).executeTakeFirstOrThrow();
    return row.public_id;
  };
  const download = async (userId: number, publicId: string) =>
    (await (await signedInBrowser(hd, userId)).get(`/api/helpdesk/v1/files/${publicId}`)).statusCode;

  it('the owner adds a colleague by address: they are listed, get the next public reply by mail, and the owner removes them', async () => {
    const empty = await ownerBrowser.get(thread());
    expect(empty.body).toContain('People copied in');
    expect(empty.body).toContain('Nobody else is copied in on this ticket.');
    const added = await addAs(ownerBrowser, '  Colleague@ACME.test ');
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`http://help.test/tickets/?ticket=${ticket.number}&notice=colleague_added`);
    expect(await copiedIds()).toEqual([colleague.id]);
    const row = await hd.ctx.db
      .selectFrom('ticket_participants')
      .select('added_by')
      .where('ticket_id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(row.added_by).toBe(owner.id);
    const page = await ownerBrowser.get(thread());
    expect(page.body).toContain('Cleo Colleague');
    expect(page.body).toContain('colleague@acme.test');
    expect(page.body).toContain('aria-label="Remove Cleo Colleague"');
    // Adding them again changes nothing and says so.
    expect((await addAs(ownerBrowser, colleague.email)).headers.location).toContain('notice=colleague_already');
    expect(await copiedIds()).toEqual([colleague.id]);

    const agent = await createAgent(hd);
    await mail.drain();
    const before = mail.sent.length;
    await replyAs(hd, agent.headers, ticket.id, 'We sent a technician.');
    await mail.drain();
    expect(mail.sent.slice(before).map((m) => m.to)).toContain('colleague@acme.test');

    const removed = await ownerBrowser.submit(thread(), '/account/colleagues/remove/', {
      ticket_id: String(ticket.id),
      return_to: '/tickets/',
      user_id: String(colleague.id),
    });
    expect(removed.headers.location).toContain('notice=colleague_removed');
    expect(await copiedIds()).toEqual([]);
    const after = mail.sent.length;
    await replyAs(hd, agent.headers, ticket.id, 'The technician is on the way.');
    await mail.drain();
    expect(mail.sent.slice(after).map((m) => m.to)).not.toContain('colleague@acme.test');
  });

  it('an unknown address becomes a client account quietly, as when an agent copies it in', async () => {
    expect((await addAs(ownerBrowser, 'new.person@acme.test')).statusCode).toBe(303);
    const made = await hd.ctx.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('email', '=', 'new.person@acme.test')
      .executeTakeFirstOrThrow();
    expect(made.role).toBe('client');
    expect(await copiedIds()).toEqual([made.id]);
  });

  it('refuses a bad address, their own, a staff address and one with no account alike, with the address typed kept (escaped)', async () => {
    const bad = await addAs(ownerBrowser, '<b>not-an-address</b>');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Type your colleague’s whole email address');
    expect(bad.body).toContain('value="&lt;b&gt;not-an-address&lt;/b&gt;"');
    expect(bad.body).not.toContain('<b>not-an-address');
    const own = await addAs(ownerBrowser, owner.email);
    expect(own.statusCode).toBe(400);
    expect(own.body).toContain('That is your own address');
    // Staff and an address with no account (accounts cannot be made) read the same: the form tells nobody who has one.
    const agent = await createAgent(hd, { email: 'agent@acme.test' });
    const staff = await addAs(ownerBrowser, agent.email);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    const unknown = await addAs(ownerBrowser, 'nobody@acme.test');
    for (const res of [staff, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This address cannot be copied in on tickets here.');
    }
    expect(await copiedIds()).toEqual([]);
  });

  it(`refuses the ${CC_MAX + 1}th person copied in, and the page offers no form once full`, async () => {
    for (let i = 0; i < CC_MAX; i += 1) {
      const person = await createClient(hd, { email: `full-${i}@acme.test` });
      await insertParticipant(hd.ctx.db, {
        ticketId: ticket.id,
        userId: person.id,
        kind: 'cc',
        addedBy: null,
        at: new Date().toISOString(),
      });
    }
    const full = await addAs(ownerBrowser, colleague.email);
    expect(full.statusCode).toBe(400);
    expect(full.body).toContain(`${CC_MAX} people are copied in, the most a ticket can have`);
    expect(await copiedIds()).not.toContain(colleague.id);
    expect((await ownerBrowser.get(thread())).body).not.toContain('name="email"');
  });

  it('limits adds per account, refused with 429 and Retry-After, a refused address counting too', async () => {
    for (let i = 0; i < COLLEAGUE_ADDS_PER_ACCOUNT_HOUR; i += 1) {
      expect((await addAs(ownerBrowser, i % 2 ? `ok-${i}@acme.test` : 'bad address')).statusCode).not.toBe(429);
    }
    const limited = await addAs(ownerBrowser, 'late@acme.test');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('You have added many colleagues in a short time.');
    expect(limited.body).toContain('value="late@acme.test"');
    expect(await hd.ctx.db.selectFrom('users').select('id').where('email', '=', 'late@acme.test').executeTakeFirst()).toBeUndefined();
    // Another account from another address is not held by this one's count.
    const other = await createTicket(hd, { email: outsider.email });
    const otherBrowser = await signedInBrowser(hd, outsider.id);
    const res = await otherBrowser.submit(`/tickets/?ticket=${other.number}`, '/account/colleagues/add/', {
      ticket_id: String(other.id),
      return_to: '/tickets/',
      email: 'friend@other.test',
    });
    expect(res.statusCode).toBe(303);
  });

  it('limits adds per network address across accounts', async () => {
    const { COLLEAGUE_ADDS_PER_ADDRESS_HOUR } = await import('../intake/limit-colleague-adds.js');
    // Hit the address's counter as the office's other clients would have.
    for (let i = 0; i < COLLEAGUE_ADDS_PER_ADDRESS_HOUR; i += 1) await hd.counters.hit('client:colleagues:ip:h:127.0.0.1', 3_600_000);
    const limited = await addAs(ownerBrowser, colleague.email);
    expect(limited.statusCode).toBe(429);
    expect(await copiedIds()).toEqual([]);
  });

  it('another client may not add or remove people: not a stranger, not a colleague via sharing, not a person copied in', async () => {
    await insertParticipant(hd.ctx.db, {
      ticketId: ticket.id,
      userId: outsider.id,
      kind: 'cc',
      addedBy: null,
      at: new Date().toISOString(),
    });
    await setSharing(true);
    const colleagueBrowser = await signedInBrowser(hd, colleague.id);
    const shared = await colleagueBrowser.get(thread());
    expect(shared.statusCode).toBe(200);
    // The colleague reads the thread, but not who is copied in, and gets no form to change it.
    expect(shared.body).not.toContain('People copied in');
    expect(shared.body).not.toContain('someone@other.test');
    // It is the owner's to answer: the colleague reads who filed it, and gets no reply or solve form.
    expect(shared.body).toContain('<bdi>Olga Owner</bdi> filed this ticket.');
    expect(shared.body).toContain('<bdi>Olga Owner</bdi> wrote on');
    expect(shared.body).not.toContain('action="http://help.test/account/reply/"');
    expect((await ownerBrowser.get(thread())).body).toContain('action="http://help.test/account/reply/"');
    const form = { _csrf: csrfIn(shared.body), ticket_id: String(ticket.id), return_to: '/tickets/' };
    expect((await colleagueBrowser.post('/account/colleagues/add/', { ...form, email: 'friend@acme.test' })).statusCode).toBe(404);
    expect((await colleagueBrowser.post('/account/colleagues/remove/', { ...form, user_id: String(outsider.id) })).statusCode).toBe(404);
    // The person copied in (another organisation) and a stranger get the same not-found.
    for (const who of [outsider, await createClient(hd, { email: 'stranger@nowhere.test' })]) {
      const browser = await signedInBrowser(hd, who.id);
      const page = await browser.get('/tickets/');
      const post = { _csrf: csrfIn(page.body), ticket_id: String(ticket.id), return_to: '/tickets/' };
      expect((await browser.post('/account/colleagues/add/', { ...post, email: 'friend@acme.test' })).statusCode).toBe(404);
      expect((await browser.post('/account/colleagues/remove/', { ...post, user_id: String(outsider.id) })).statusCode).toBe(404);
    }
    expect(await copiedIds()).toEqual([outsider.id]);
    expect(await hd.ctx.db.selectFrom('users').select('id').where('email', '=', 'friend@acme.test').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a post without the form’s CSRF token, and one signed out', async () => {
    const forged = await ownerBrowser.post('/account/colleagues/add/', {
      ticket_id: String(ticket.id),
      return_to: '/tickets/',
      email: colleague.email,
    });
    expect(forged.statusCode).toBe(403);
    expect(await copiedIds()).toEqual([]);
    const anonymous = new SiteClient(hd.app);
    const res = await anonymous.submit('/login/', '/account/colleagues/add/', {
      ticket_id: String(ticket.id),
      return_to: '/tickets/',
      email: colleague.email,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('/login/?notice=sign_in_first');
    expect(await copiedIds()).toEqual([]);
  });

  it('a shared ticket’s files: a colleague opens them while sharing is on, not when off, nor another organisation’s client', async () => {
    const file = await ownerSendsFile();
    expect(await download(owner.id, file)).toBe(200);
    await setSharing(false);
    expect(await download(colleague.id, file)).toBe(404);
    await setSharing(true);
    expect(await download(colleague.id, file)).toBe(200);
    const page = await (await signedInBrowser(hd, colleague.id)).get(thread());
    expect(page.body).toContain(`/api/helpdesk/v1/files/${file}`);
    // The thumbnail follows the same rule.
    expect((await (await signedInBrowser(hd, colleague.id)).get(`/api/helpdesk/v1/files/${file}/thumbnail`)).statusCode).not.toBe(404);
    expect(await download(outsider.id, file)).toBe(404);
    expect((await (await signedInBrowser(hd, outsider.id)).get(`/api/helpdesk/v1/files/${file}/thumbnail`)).statusCode).toBe(404);
    expect((await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/files/${file}` })).statusCode).toBe(404);
  });

  it('a person copied in opens the files only where they see the ticket: a colleague with sharing on, never an outsider', async () => {
    const file = await ownerSendsFile();
    for (const id of [colleague.id, outsider.id]) await addAs(ownerBrowser, id === colleague.id ? colleague.email : outsider.email);
    expect(await copiedIds()).toEqual([colleague.id, outsider.id]);
    await setSharing(false);
    expect(await download(colleague.id, file)).toBe(404);
    expect(await download(outsider.id, file)).toBe(404);
    await setSharing(true);
    expect(await download(colleague.id, file)).toBe(200);
    expect(await download(outsider.id, file)).toBe(404);
    expect((await (await signedInBrowser(hd, outsider.id)).get(thread())).statusCode).toBe(404);
  });
});
