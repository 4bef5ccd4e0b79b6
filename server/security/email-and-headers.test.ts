import { domainToUnicode } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { unlinkableText } from '../../common/unlinkable-text.js';
import { now } from '../domain/context.js';
import { createMailTransport, type MailTransport } from '../email/create-transport.js';
import { enqueueJob } from '../jobs/queue.js';
import { createWorker, type Worker } from '../jobs/worker.js';
import { getSettings, updateSettings } from '../settings/settings.js';
import { GOOD_EMAILS, TRICKY_EMAILS } from '../test/attack-corpus.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { SiteClient } from '../test/site-client.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../test/smtp-sink.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// Tricky addresses and header injection, against a real SMTP server: every refused request is a 400
// naming the field, stores nothing and queues nothing; at the end the worker drains the whole queue
// and the sink holds only the mail of the requests that were accepted.

const URL_TICKETS = '/api/helpdesk/v1/tickets/';
const asForm = (body: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

// Values that must never reach a header: CR/LF pairs, lone CR or LF, NUL, vertical tab, NEL, the
// Unicode line separator.
const HEADER_BREAKERS: Array<[string, string]> = [
  ['CR/LF and a Bcc header', 'Hello\r\nBcc: victim@evil.test'],
  ['LF and a To header', 'Hello\nTo: victim@evil.test'],
  ['CR alone', 'Hello\rCc: victim@evil.test'],
  ['a NUL byte', 'Hello\u0000there'],
  ['a vertical tab', 'Hello\u000Bthere'],
  ['a tab', 'Hello\tthere'],
  ['NEL (U+0085)', 'Hello\u0085Bcc: victim@evil.test'],
  ['a line separator (U+2028)', 'Hello\u2028Bcc: victim@evil.test'],
];

describeEachDatabase('attacks: tricky emails and header injection (real SMTP)', (dialect) => {
  let smtp: SmtpSink;
  const hd = useTestHelpdesk(dialect);
  let transport: MailTransport;
  let worker: Worker;
  let admin: { authorization: string };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '' });
    worker = createWorker(hd.ctx, hd.config, transport, { info() {}, warn() {} }, { baseDelayMs: 10, maxDelayMs: 10 });
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    admin = await hd.authAs('admin');
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });

  /** Runs every queued job through the real SMTP transport; returns what the sink got meanwhile. */
  async function drainMail(): Promise<ReceivedMail[]> {
    const before = smtp.messages.length;
    while ((await worker.runOnce()) > 0) {}
    const open = await hd.ctx.db.selectFrom('jobs').select(['kind', 'state', 'last_error']).where('state', '!=', 'done').execute();
    expect(open).toEqual([]);
    return smtp.messages.slice(before);
  }

  function expectEmailRefused(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, label: string) {
    expect(res.statusCode, label).toBe(400);
    expect(String(res.headers['content-type']), label).toContain('application/problem+json');
    const problem = res.json() as { code: string; errors: Array<{ field: string; detail: string }> };
    expect(problem.code, label).toBe('VALIDATION_FAILED');
    expect(
      problem.errors.map((e) => e.field),
      label,
    ).toContain('email');
    expect(problem.errors.find((e) => e.field === 'email')?.detail, label).toMatch(/one plain address|at most 254 characters/);
  }

  it(
    'POST /tickets/ refuses every tricky address, as JSON and as a form, ' + 'with a 400 naming email; nothing is stored or mailed',
    async () => {
      await drainMail();
      const before = await countRows(hd.ctx);
      for (const [label, email] of TRICKY_EMAILS) {
        const payload = ticketPayload({ email });
        expectEmailRefused(await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload }), `${label} (JSON)`);
        expectEmailRefused(
          await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: asForm(payload), headers: FORM }),
          `${label} (form)`,
        );
      }
      expect(await countRows(hd.ctx)).toEqual(before);
      expect(await drainMail()).toEqual([]);
    },
  );

  it('plain addresses are still accepted (punycode domains included) and each gets exactly its own mail', async () => {
    for (const email of GOOD_EMAILS) {
      const res = await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload: ticketPayload({ email }) });
      expect(res.statusCode, email).toBe(201);
    }
    const sent = await drainMail();
    const toClients = sent.filter((m) => !m.to.some((to) => to.endsWith('@staff.test')));
    // The sink (smtp-server) reports the envelope with IDN domains decoded.
    const decoded = (email: string) => email.replace(/@(.+)$/, (_m, domain: string) => `@${domainToUnicode(domain)}`).toLowerCase();
    expect(toClients.map((m) => m.to).sort()).toEqual(GOOD_EMAILS.map((e) => [decoded(e)]).sort());
  });

  it('the help site (sign-in link, password sign-in, sign-up) refuses them with a 400 page naming the email field', async () => {
    await drainMail();
    const before = await countRows(hd.ctx);
    const browser = new SiteClient(hd.app);
    for (const [label, email] of TRICKY_EMAILS) {
      for (const [action, extra] of [
        ['/login/link/', {}],
        ['/signup/', { name: 'Eve' }],
        ['/login/', { password: 'long enough pw' }],
      ] as const) {
        const res = await browser.submit('/login/', action, { email, ...extra });
        expect(res.statusCode, `${label} ${action}`).toBe(400);
        expect(res.body, `${label} ${action}`).toContain('Email: enter one plain address');
      }
    }
    expect(await countRows(hd.ctx)).toEqual(before);
    expect(await hd.ctx.db.selectFrom('rate_limit_hits').select('bucket').where('bucket', 'like', 'link:%').execute()).toEqual([]);
    expect(await drainMail()).toEqual([]);
  });

  it('management user add and the staff sign-in refuse them too', async () => {
    const before = await countRows(hd.ctx);
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me' });
    const csrf = {
      cookie: `hd_csrf=${me.cookies.find((c) => c.name === 'hd_csrf')?.value}`,
      'x-csrf-token': (me.json() as { csrf_token: string }).csrf_token,
    };
    for (const [label, email] of TRICKY_EMAILS) {
      const add = await hd.app.inject({
        method: 'POST',
        url: '/api/helpdesk/v1/users/',
        headers: admin,
        payload: { email, name: 'Eve', role: 'agent' },
      });
      expectEmailRefused(add, `${label} (user add)`);
      const signIn = await hd.app.inject({
        method: 'POST',
        url: '/api/helpdesk/v1/session',
        headers: csrf,
        payload: { email, password: 'whatever123' },
      });
      expectEmailRefused(signIn, `${label} (session)`);
    }
    expect(await countRows(hd.ctx)).toEqual(before);
    expect(await drainMail()).toEqual([]);
  });

  it('the sender settings refuse a tricky address and a sender name or subject with line breaks', async () => {
    const cases: Array<[field: string, value: string]> = [
      ['from_address', 'help@site.test\r\nBcc: victim@evil.test'],
      ['from_address', 'Help <help@site.test>'],
      ['from_name', 'Help desk\r\nBcc: victim@evil.test'],
      ['client_ticket_created_subject', 'Hi\nBcc: victim@evil.test'],
    ];
    const before = await hd.ctx.db.selectFrom('options').select(['name', 'value']).orderBy('name').execute();
    for (const [field, value] of cases) {
      const res = await hd.app.inject({
        method: 'PATCH',
        url: '/api/helpdesk/v1/settings',
        headers: admin,
        payload: { emails: { [field]: value } },
      });
      expect(res.statusCode, field).toBe(400);
      expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual([`emails.${field}`]);
    }
    expect(await hd.ctx.db.selectFrom('options').select(['name', 'value']).orderBy('name').execute()).toEqual(before);
  });

  it('an agent reply or note with a NUL or another control character is refused, naming the text', async () => {
    const [ticket] = await hd.ctx.db.selectFrom('posts').select('id').where('type', '=', 'ticket').limit(1).execute();
    for (const text of ['a\u0000b', 'a\u001Bb']) {
      const res = await hd.app.inject({
        method: 'POST',
        url: `/api/helpdesk/v1/tickets/${ticket?.id}/comments`,
        headers: admin,
        payload: { text },
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: Array<{ field: string }> }).errors[0]?.field).toBe('text');
    }
  });

  it.each([['name'], ['subject'], ['order_id']])('control characters in %s are refused with a 400 naming the field', async (field) => {
    const before = await countRows(hd.ctx);
    for (const [label, value] of HEADER_BREAKERS) {
      for (const form of [false, true]) {
        const payload = ticketPayload({ [field]: value });
        const res = await hd.app.inject({
          method: 'POST',
          url: URL_TICKETS,
          payload: form ? asForm(payload) : payload,
          headers: form ? FORM : {},
        });
        expect(res.statusCode, `${label} in ${field}`).toBe(400);
        expect(
          (res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field),
          label,
        ).toEqual([field]);
      }
    }
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  it('a description may hold line breaks and an SMTP end-of-data line: it stays in the body, one recipient per message', async () => {
    await drainMail();
    const smuggled =
      'First line\r\nBcc: victim@evil.test\r\n.\r\nMAIL ' +
      'FROM:<evil@evil.test>\r\nRCPT TO:<victim@evil.test>\r\nDATA\r\nSubject: ' +
      'smuggled\r\n\r\nhi\r\n.\r\n';
    const payload = ticketPayload({ description: smuggled });
    expect((await hd.app.inject({ method: 'POST', url: URL_TICKETS, payload })).statusCode).toBe(201);
    const sent = await drainMail();
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) {
      expect(mail.to).toHaveLength(1);
      expect(mail.to[0]).not.toContain('evil.test');
      expect(mail.subject).not.toBe('smuggled');
      expect(headerNames(mail)).not.toContain('bcc');
    }
    expect(sent.some((m) => m.text.includes('MAIL FROM:<evil@evil.test>'))).toBe(true);
  });

  it('a name or subject stored with line breaks before the rule existed still gives one subject line and no extra header', async () => {
    await drainMail();
    const saved = (await getSettings(hd.ctx)).emails?.client_ticket_created_subject;
    await updateSettings(hd.ctx, { emails: { client_ticket_created_subject: '##client_name## / ##ticket_title##' } });
    const time = now();
    const user = await hd.ctx.db
      .insertInto('users')
      .values({
        email: `legacy-${process.pid}@client.test`,
        name: 'Ann\r\nBcc: victim@evil.test',
        role: 'client',
        password_hash: null,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ticket = await hd.ctx.db
      .insertInto('posts')
      .values({
        type: 'ticket',
        status: 'publish',
        title: 'Hi\nTo: victim@evil.test\u000B\u0085',
        content: 'x',
        slug: '',
        author_id: user.id,
        product_id: null,
        parent_id: null,
        menu_order: 0,
        number: await hd.ctx.storage.tickets.nextNumber(hd.ctx.db),
        created_at: time,
        updated_at: time,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    await enqueueJob(hd.ctx.db, 'mail', { template: 'client_ticket_created', userId: user.id, ticketId: ticket.id });
    const [mail] = await drainMail();
    expect(mail?.to).toEqual([`legacy-${process.pid}@client.test`]);
    expect(headerNames(mail as ReceivedMail).filter((h) => h === 'bcc' || h === 'to' || h === 'cc')).toEqual(['to']);
    expect(mail?.headers.to).toBe(`legacy-${process.pid}@client.test`);
    // Names and subjects are never links in mail: their dots, colons and at signs are look-alikes.
    // A template without the ticket's number still gets it: every mail of a ticket carries `[#n]`.
    expect(mail?.subject).toBe(
      `${unlinkableText('Ann Bcc: victim@evil.test')} / ${unlinkableText('Hi To: victim@evil.test')} [#${ticket.number}]`,
    );
    await updateSettings(hd.ctx, { emails: { client_ticket_created_subject: saved } });
  });

  it('an account address stored before the email rule is never handed to SMTP', async () => {
    await drainMail();
    const time = now();
    const user = await hd.ctx.db
      .insertInto('users')
      .values({
        email: 'old@b.test, victim@evil.test',
        name: 'Old',
        role: 'client',
        password_hash: null,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(hd.ctx.db, 'mail', { template: 'client_ticket_link', userId: user.id, ticketId: null });
    expect(await drainMail()).toEqual([]);
  });
});

/** The header names of the message as received (lower case, in order, folded lines joined). */
function headerNames(mail: ReceivedMail): string[] {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}
