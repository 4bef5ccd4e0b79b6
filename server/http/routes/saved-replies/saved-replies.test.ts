import { beforeAll, expect, it } from 'vitest';
import { renderMarkdownToHtml } from '../../../../common/render-markdown.js';
import { unlinkableText } from '../../../../common/unlinkable-text.js';
import { visitorTextInMarkdown } from '../../../../common/visitor-text.js';
import { updateSiteOptions } from '../../../settings/site-options.js';
import { createAgent, createSavedReply, createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('saved replies: shared and personal, search, placeholders', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let alex: Headers;
  let blair: Headers;
  let admin: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const titles = async (who: Headers, query = '') =>
    (await call('GET', `/saved-replies/${query}`, who)).json().map((r: { title: string }) => r.title);

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    [alex, blair, admin] = await Promise.all([hd.authAs('agent'), hd.authAs('agent'), hd.authAs('admin')]);
  });

  it("each agent sees the shared replies and their own; another agent's own is a 404 to read, change or delete", async () => {
    const shared = await call('POST', '/saved-replies/', admin, { title: 'Welcome (team)', text: 'Hello!', shared: true });
    expect(shared.statusCode).toBe(201);
    expect(shared.headers.location).toBe(`/api/helpdesk/v1/saved-replies/${shared.json().id}`);
    expect(shared.json()).toMatchObject({ shared: true, owner: null, editable: true });
    const mine = await call('POST', '/saved-replies/', alex, { title: "Alex's refund", text: 'Refund sent.' });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ shared: false, editable: true, owner: { id: expect.any(Number) } });

    expect(await titles(alex)).toEqual(expect.arrayContaining(["Alex's refund", 'Welcome (team)']));
    expect(await titles(blair)).toContain('Welcome (team)');
    expect(await titles(blair)).not.toContain("Alex's refund");
    // Not even an admin reads an agent's own replies.
    expect(await titles(admin)).not.toContain("Alex's refund");

    const id = mine.json().id;
    expect((await call('PATCH', `/saved-replies/${id}`, blair, { title: 'Taken' })).statusCode).toBe(404);
    expect((await call('DELETE', `/saved-replies/${id}`, blair)).statusCode).toBe(404);
    expect((await call('DELETE', `/saved-replies/${id}`, admin)).statusCode).toBe(404);
    expect(await titles(alex)).toContain("Alex's refund");

    const renamed = await call('PATCH', `/saved-replies/${id}`, alex, { title: 'Refund done', text: 'Refund sent today.' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Refund done', text: 'Refund sent today.' });
    expect((await call('DELETE', `/saved-replies/${id}`, alex)).statusCode).toBe(204);
    expect(await titles(alex)).not.toContain('Refund done');
  });

  it('only admins share a reply or change a shared one; agents see it as not editable', async () => {
    const refused = await call('POST', '/saved-replies/', alex, { title: 'For all', text: 'Hi all', shared: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('shared');

    const shared = (await call('POST', '/saved-replies/', admin, { title: 'Closing words', text: 'Bye!', shared: true })).json();
    const seen = (await call('GET', '/saved-replies/', alex)).json().find((r: { id: number }) => r.id === shared.id);
    expect(seen).toMatchObject({ shared: true, editable: false });
    const patch = await call('PATCH', `/saved-replies/${shared.id}`, alex, { text: 'Changed' });
    expect(patch.statusCode).toBe(403);
    expect((await call('DELETE', `/saved-replies/${shared.id}`, alex)).statusCode).toBe(403);
    expect((await call('PATCH', `/saved-replies/${shared.id}`, admin, { text: 'Bye, and thanks!' })).json().text).toBe('Bye, and thanks!');

    // An agent's own reply stays theirs: sharing it is an admin's choice.
    const own = (await call('POST', '/saved-replies/', alex, { title: 'Mine', text: 'x' })).json();
    expect((await call('PATCH', `/saved-replies/${own.id}`, alex, { shared: true })).statusCode).toBe(400);
    expect((await call('DELETE', `/saved-replies/${shared.id}`, admin)).statusCode).toBe(204);
  });

  it('bad input is a 400 naming the field, and changes nothing; clients and anonymous callers are refused', async () => {
    const blank = await call('POST', '/saved-replies/', alex, { title: '   ', text: 'Text' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.map((e: { field: string }) => e.field)).toContain('title');
    const noText = await call('POST', '/saved-replies/', alex, { title: 'Empty', text: '  \n ' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().errors[0].field).toBe('text');
    const extra = await call('POST', '/saved-replies/', alex, { title: 'T', text: 'x', owner_id: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await call('PATCH', '/saved-replies/999999', alex, { title: 'x' })).statusCode).toBe(404);
    const badTicket = await call('GET', '/saved-replies/?ticket=999999', alex);
    expect(badTicket.statusCode).toBe(400);
    expect(badTicket.json().errors[0].field).toBe('ticket');
    expect(await titles(alex)).not.toContain('Empty');

    expect((await call('GET', '/saved-replies/')).statusCode).toBe(401);
    const client = await hd.authAs('client');
    expect((await call('GET', '/saved-replies/', client)).statusCode).toBe(403);
    expect((await call('POST', '/saved-replies/', client, { title: 'T', text: 'x' })).statusCode).toBe(403);
  });

  it('search finds every word in the title or text, case-insensitively, and LIKE wildcards are literal', async () => {
    const carl = await hd.authAs('agent');
    for (const [title, text] of [
      ['Password reset', 'Use the link on the sign-in page.'],
      ['Refund', 'Your money is on its way: 100% back.'],
      ['Shipping delay', 'The parcel is late, sorry.'],
    ])
      expect((await call('POST', '/saved-replies/', carl, { title, text })).statusCode).toBe(201);
    expect(await titles(carl, '?q=PASSWORD')).toEqual(['Password reset']);
    expect(await titles(carl, '?q=parcel%20late')).toEqual(['Shipping delay']);
    expect(await titles(carl, '?q=parcel%20money')).toEqual([]);
    expect(await titles(carl, `?q=${encodeURIComponent('100%')}`)).toEqual(['Refund']);
    expect(await titles(carl, `?q=${encodeURIComponent('%')}`)).toEqual(['Refund']);
    expect(await titles(carl, '?q=_')).toEqual([]);
  });

  it("fills the placeholders with the ticket's data as plain words, never links or marks; unknown ones stay as typed", async () => {
    await updateSiteOptions(hd.ctx.db, { site_name: 'Acme <Help>' });
    const danaUser = await createAgent(hd);
    const [dana, danaName] = [danaUser.headers, danaUser.name];
    const filed = await createTicket(hd, {
      name: "Ann O'Brien & <Co> evil.test",
      subject: 'Export **broken** [reset](https://evil.test/)',
    });
    const ticket = (await call('GET', `/tickets/${filed.id}`, dana)).json();

    const text =
      'Hi ##client_name## (##client_email##),\n\nAbout ###ticket_id##: "##ticket_subject##".\n' +
      '**##agent_name##**, ##site_name## — ##order_id## ##CLIENT_NAME## ##client_name';
    await createSavedReply(hd, danaUser, { title: 'Filled', text });
    const [reply] = (await call('GET', `/saved-replies/?q=filled&ticket=${ticket.id}`, dana)).json();
    expect(reply.text).toBe(text);
    expect(reply.filled).toBe(
      `Hi Ann O'Brien \\& \\<Co\\> ${unlinkableText('evil.test')} (${unlinkableText(filed.email)}),\n\n` +
        `About #${ticket.number}: "Export \\*\\*broken\\*\\* \\[reset\\]\\(${unlinkableText('https://evil.test/')}\\)".\n` +
        `**${visitorTextInMarkdown(danaName)}**, Acme \\<Help\\> — ##order_id## ##CLIENT_NAME## ##client_name`,
    );
    // Sent as it was filled, the client's words are words: the only mark is the agent's own bold.
    const html = renderMarkdownToHtml(reply.filled);
    expect(html).not.toContain('<a');
    expect(html.match(/<strong>/g)).toHaveLength(1);
    expect(html).toContain(`Export **broken** [reset](${unlinkableText('https://evil.test/')})`);
    // Without a ticket, nothing is filled.
    expect((await call('GET', '/saved-replies/?q=filled', dana)).json()[0].filled).toBeUndefined();
  });
});
