import { beforeAll, expect, it } from 'vitest';
import { addNoteAs, createAgent, createClient, createTicket, replyAs } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Part = { text: string; match: boolean };
type Found = { id: number; snippet?: Part[] | null };

describeEachDatabase('a search result shows where its words are, as text', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: { authorization: string };
  let ticket: number;
  const api = (method: 'GET' | 'POST', url: string, headers: object, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: headers as Record<string, string>, payload });
  const search = async (words: string) => {
    const res = await api('GET', `/tickets/?search=${encodeURIComponent(words)}`, agent);
    expect(res.statusCode).toBe(200);
    return { body: res.body, tickets: res.json().tickets as Found[] };
  };
  const snippetOf = async (words: string) => (await search(words)).tickets.find((t) => t.id === ticket)?.snippet;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    agent = (await createAgent(hd)).headers;
    const client = await createClient(hd);
    ticket = (await createTicket(hd, { email: client.email, subject: 'Billing question', description: 'My parcel never came.' })).id;
    const lead = 'Some words first to push the match away from the start of this rather long message. '.repeat(2);
    const reply = `${lead}<img src=x onerror=alert(1)> the <b>wombat</b> ate my invoices </mark> & more.`;
    await replyAs(hd, client.headers, ticket, reply);
    await addNoteAs(hd, agent, ticket, 'Platypus vendor, call back.');
  });

  it("marks the word in the client's message and sends its markup back as plain text", async () => {
    const { body, tickets } = await search('wombat');
    const parts = tickets.find((t) => t.id === ticket)?.snippet;
    expect(parts?.filter((p) => p.match)).toEqual([{ text: 'wombat', match: true }]);
    const text = parts?.map((p) => p.text).join('') ?? '';
    expect(text).toContain('<img src=x onerror=alert(1)> the <b>wombat</b> ate my invoices </mark> & more.');
    // Cut before the match, at a word, and said so.
    expect(text.startsWith('…')).toBe(true);
    expect(text).not.toContain('Some words first');
    // The only marks are the parts' flags: the body holds the client's text as JSON strings, nothing added.
    expect(body.match(/<mark>/g)).toBeNull();
    expect(body).toContain('<img src=x onerror=alert(1)>');
  });

  it('finds the words of an internal note, a stemmed word, and the description', async () => {
    expect((await snippetOf('platypus'))?.filter((p) => p.match).map((p) => p.text)).toEqual(['Platypus']);
    // "invoice" found the message by its stem: the snippet marks the word as written.
    expect((await snippetOf('invoice'))?.filter((p) => p.match).map((p) => p.text)).toEqual(['invoices']);
    expect(await snippetOf('parcel')).toEqual([
      { text: 'My ', match: false },
      { text: 'parcel', match: true },
      { text: ' never came.', match: false },
    ]);
  });

  it('has no snippet for a match in the subject only, and no field without a search', async () => {
    expect(await snippetOf('billing')).toBeNull();
    const res = await api('GET', '/tickets/', agent);
    expect(res.json().tickets.find((t: Found) => t.id === ticket)).not.toHaveProperty('snippet');
  });
});
