import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../../email/mail-jobs.js';
import { addNoteAs, createAdmin, createAgent, createTicket, replyAs, sessionHeaders, userIdByEmail } from '../../../test/factories.js';
import { setRegistration } from '../../../test/fixtures.js';
import { readZip } from '../../../test/read-zip.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
type ClientJson = {
  profile: { id: number; email: string };
  tickets: Array<{ id: number; subject: string; messages: Array<{ text: string; from: string }>; files: string[] }>;
};

describeEachDatabase('a client export and erasure (privacy)', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: Headers;
  let agent: Headers;
  beforeAll(async () => {
    const [a, b] = await Promise.all([createAdmin(hd), createAgent(hd)]);
    [admin, agent] = [a.headers, b.headers];
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
  });
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });

  /** Stores `text` as a file of the ticket (and message, if given); its storage key. */
  const attach = async (ticketId: number, commentId: number | null, name: string, text: string) => {
    const key = `test/${randomUUID()}`;
    await hd.ctx.files.put(key, Readable.from([Buffer.from(text)]));
    await hd.ctx.db
      .insertInto('attachments')
      .values({
        public_id: randomUUID(),
        ticket_id: ticketId,
        comment_id: commentId,
        name,
        size: text.length,
        type: 'text/plain',
        storage_key: key,
        is_pending: 0,
        created_at: new Date().toISOString(),
        uploader: null,
        thumb_key: null,
        thumb_size: null,
        removed_at: null,
        removed_after_days: null,
      })
      .execute();
    return key;
  };
  const stored = async (key: string) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await hd.ctx.files.get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).length > 0;
    } catch {
      return false;
    }
  };
  /** A client with one ticket (a file on it), an agent's reply and an internal note (a file on that). */
  const clientWithTicket = async (subject = 'My printer jams') => {
    const ticket = await createTicket(hd, { subject, description: 'It jams on every page.' });
    const clientId = await userIdByEmail(hd, ticket.email);
    await replyAs(hd, agent, ticket.id, 'Public answer: try the blue tray.');
    const note = await addNoteAs(hd, agent, ticket.id, 'SECRET NOTE about the client');
    const fileKey = await attach(ticket.id, null, 'invoice.txt', 'the client invoice');
    const noteFileKey = await attach(ticket.id, note.id, 'internal.txt', 'staff only file');
    return { ticket, clientId, fileKey, noteFileKey };
  };

  describe('export', () => {
    let clientId = 0;
    let json: ClientJson;
    let files: Map<string, Buffer>;
    let otherEmail = '';
    beforeAll(async () => {
      const made = await clientWithTicket();
      clientId = made.clientId;
      // Another client's ticket, and another client's words on this client's ticket (a merged thread).
      const other = await createTicket(hd, { subject: 'Someone else entirely', description: 'Not yours.' });
      otherEmail = other.email;
      await hd.ctx.db
        .insertInto('comments')
        .values({
          post_id: made.ticket.id,
          author_id: await userIdByEmail(hd, other.email),
          author_role: 'client',
          content: 'OTHER CLIENT WORDS',
          created_at: new Date().toISOString(),
        })
        .execute();
      const res = await api('GET', `/clients/${clientId}/export`, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      files = readZip(res.rawPayload);
      json = JSON.parse(String(files.get('client.json'))) as ClientJson;
    });

    it('holds the profile, the ticket and the public reply', () => {
      expect(json.profile.id).toBe(clientId);
      expect(json.tickets.map((t) => t.subject)).toEqual(['My printer jams']);
      expect(json.tickets[0]?.messages.map((m) => m.text)).toContain('Public answer: try the blue tray.');
    });

    it('never holds an internal note or its file', () => {
      const all = [...files.values()].map(String).join('\n');
      expect(all).not.toContain('SECRET NOTE');
      expect(all).not.toContain('staff only file');
    });

    it("never holds another client's ticket or words", () => {
      const all = [...files.values()].map(String).join('\n');
      expect(all).not.toContain('Someone else entirely');
      expect(all).not.toContain('OTHER CLIENT WORDS');
      expect(all).not.toContain(otherEmail);
    });

    it("holds the client's file under files/", () => {
      const name = json.tickets[0]?.files[0] ?? '';
      expect(name).toMatch(/^files\/.+-invoice\.txt$/);
      expect(String(files.get(name))).toBe('the client invoice');
    });

    it('is refused to an agent', async () => {
      expect((await api('GET', `/clients/${clientId}/export`, agent)).statusCode).toBe(403);
    });

    it('is in the audit log, naming the client by id only', async () => {
      const entries = await hd.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'client.exported').execute();
      expect(entries.map((e) => [e.target_type, e.target_id])).toContainEqual(['client', String(clientId)]);
    });

    it('answers 404 for an account that is not a client', async () => {
      const res = await api('GET', '/clients/999999/export', admin);
      expect(res.statusCode).toBe(404);
    });
  });

  describe('erase in delete mode', () => {
    let made: Awaited<ReturnType<typeof clientWithTicket>>;
    let body: { tickets: number; files: number; mode: string };
    beforeAll(async () => {
      made = await clientWithTicket();
      await sessionHeaders(hd, made.clientId);
      const res = await api('POST', `/clients/${made.clientId}/erase`, admin, { mode: 'delete', confirm: true });
      expect(res.statusCode, res.body).toBe(200);
      body = res.json();
    });

    it('deletes the account and its sessions', async () => {
      expect(await hd.ctx.db.selectFrom('users').select('id').where('id', '=', made.clientId).executeTakeFirst()).toBeUndefined();
      expect(await hd.ctx.db.selectFrom('sessions').select('user_id').where('user_id', '=', made.clientId).execute()).toEqual([]);
    });

    it('deletes the ticket', async () => {
      expect(await hd.ctx.db.selectFrom('posts').select('id').where('id', '=', made.ticket.id).executeTakeFirst()).toBeUndefined();
    });

    it("removes the ticket's files from storage", async () => {
      expect(await stored(made.fileKey)).toBe(false);
      expect(await stored(made.noteFileKey)).toBe(false);
    });

    it('keeps an erasure record with counts and no personal data', async () => {
      expect(body).toMatchObject({ mode: 'delete', tickets: 1, files: 2 });
      const record = await hd.ctx.db.selectFrom('erasures').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(JSON.stringify(record)).not.toContain(made.ticket.email);
      expect(record.tickets).toBe(1);
    });

    it('writes an audit log entry with the mode and counts and nothing that names the client', async () => {
      const entry = await hd.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'client.erased')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.details)).toEqual({ mode: 'delete', tickets: 1, messages: expect.any(Number), files: 2 });
      expect(entry.target_id).toBeNull();
      expect(JSON.stringify(entry)).not.toContain(made.ticket.email);
    });
  });

  describe('erase in anonymise mode', () => {
    let made: Awaited<ReturnType<typeof clientWithTicket>>;
    let factsBefore = 0;
    const facts = async () =>
      Number(
        (
          await hd.ctx.db
            .selectFrom('ticket_report_facts')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    beforeAll(async () => {
      made = await clientWithTicket('Anonymise this subject');
      factsBefore = await facts();
      const res = await api('POST', `/clients/${made.clientId}/erase`, admin, { mode: 'anonymise', confirm: true });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('keeps the ticket and its report facts', async () => {
      expect(await facts()).toBe(factsBefore);
      const row = await hd.ctx.db
        .selectFrom('posts')
        .select(['title', 'content', 'author_id'])
        .where('id', '=', made.ticket.id)
        .executeTakeFirst();
      expect(row).toEqual({ title: 'Deleted client', content: '', author_id: null });
    });

    it('removes the text of every message', async () => {
      const comments = await hd.ctx.db.selectFrom('comments').select('content').where('post_id', '=', made.ticket.id).execute();
      expect(comments.length).toBeGreaterThan(0);
      expect(comments.every((c) => c.content === '')).toBe(true);
    });

    it('removes the files from storage', async () => {
      expect(await stored(made.fileKey)).toBe(false);
    });

    it('no longer finds the ticket by its old subject', async () => {
      const res = await api('GET', '/tickets/?search=Anonymise', agent);
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.stringify(res.json())).not.toContain(String(made.ticket.id));
    });
  });

  describe('the outbox and mail records', () => {
    let email = '';
    let clientId = 0;
    beforeAll(async () => {
      const ticket = await createTicket(hd, { subject: 'Mail me' });
      email = ticket.email.toLowerCase();
      clientId = await userIdByEmail(hd, ticket.email);
      await enqueueMail(hd.ctx.db, { template: 'client_ticket_created', userId: clientId, ticketId: ticket.id });
      await hd.ctx.db
        .insertInto('inbound_mails')
        .values({
          message_id: `<${randomUUID()}@x>`,
          sender: email,
          subject: 'Hello',
          outcome: 'ignored',
          reason: null,
          ticket_id: null,
          comment_id: null,
          raw: 'From: someone',
          source: 'imap',
          created_at: new Date().toISOString(),
        })
        .execute();
      const res = await api('POST', `/clients/${clientId}/erase`, admin, { mode: 'anonymise', confirm: true });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('drops queued mails to the client', async () => {
      const jobs = await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute();
      const toClient = jobs.filter((j) => (JSON.parse(j.payload) as { userId?: number }).userId === clientId);
      expect(toClient).toEqual([]);
    });

    it('scrubs the address from the received-mail records', async () => {
      expect(await hd.ctx.db.selectFrom('inbound_mails').select('id').where('sender', '=', email).execute()).toEqual([]);
    });
  });

  describe('a client copied in on another ticket', () => {
    it('leaves its activity entries naming neither the erased account nor its name', async () => {
      const ticket = await createTicket(hd, { subject: 'Copy a colleague' });
      const added = await api('POST', `/tickets/${ticket.id}/participants`, agent, {
        kind: 'cc',
        email: `cc-${randomUUID()}@copy.test`,
        name: 'Sam Erasable',
      });
      expect(added.statusCode, added.body).toBe(200);
      const [copied] = added.json() as Array<{ user_id: number }>;
      const copiedId = copied?.user_id;
      const about = () =>
        hd.ctx.db
          .selectFrom('ticket_events')
          .select(['person_id', 'new_value', 'old_value'])
          .where('ticket_id', '=', ticket.id)
          .where('kind', '=', 'participant')
          .orderBy('id')
          .execute();
      const removed = await api('DELETE', `/tickets/${ticket.id}/participants?kind=cc&user_id=${copiedId}`, agent);
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      expect(await about()).toEqual([
        { person_id: copiedId, new_value: 'Sam Erasable', old_value: null },
        { person_id: copiedId, new_value: null, old_value: 'Sam Erasable' },
      ]);
      const res = await api('POST', `/clients/${copiedId}/erase`, admin, { mode: 'delete', confirm: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(await about()).toEqual([
        { person_id: null, new_value: 'Deleted client', old_value: null },
        { person_id: null, new_value: null, old_value: 'Deleted client' },
      ]);
    });
  });

  describe('bad erase requests', () => {
    it('refuses without confirm: true, naming the field, and changes nothing', async () => {
      const ticket = await createTicket(hd, { subject: 'Keep me' });
      const clientId = await userIdByEmail(hd, ticket.email);
      const res = await api('POST', `/clients/${clientId}/erase`, admin, { mode: 'delete' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('confirm');
      expect(await hd.ctx.db.selectFrom('users').select('id').where('id', '=', clientId).executeTakeFirst()).toBeDefined();
    });

    it('is refused to an agent', async () => {
      const ticket = await createTicket(hd, { subject: 'Keep me too' });
      const clientId = await userIdByEmail(hd, ticket.email);
      const res = await api('POST', `/clients/${clientId}/erase`, agent, { mode: 'delete', confirm: true });
      expect(res.statusCode).toBe(403);
    });
  });
  describe('retention preview', () => {
    it('answers the counts for the days given, before the setting is on', async () => {
      const res = await api('GET', '/privacy/retention-preview?mail_records_after_days=1', admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([
        'closed_tickets',
        'inactive_clients',
        'inbound_mails',
        'sent_mails',
        'webhook_deliveries',
      ]);
    });

    it('is refused to an agent', async () => {
      expect((await api('GET', '/privacy/retention-preview', agent)).statusCode).toBe(403);
    });

    it('refuses a negative number of days, naming the field', async () => {
      const res = await api('GET', '/privacy/retention-preview?mail_records_after_days=-1', admin);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('mail_records_after_days');
    });
  });
});
