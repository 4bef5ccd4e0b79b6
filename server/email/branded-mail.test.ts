import { afterEach, beforeEach, expect, it } from 'vitest';
import { readableTextOn } from '../../common/brand-color.js';
import { writeOption } from '../domain/options.js';
import { EARLIER_AGENT_REPLY_BODY } from '../settings/emails-tab.js';
import { updateSettings } from '../settings/settings.js';
import { saveSiteLogo } from '../settings/site-logo.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { type MailDelivery, startMailDelivery } from '../test/mail-delivery.js';
import { solidPng } from '../test/png.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase("mails carry the site's logo and colour, and an agent's reply reads as theirs", (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true, homeUrl: 'https://help.acme.test' });
  let delivery: MailDelivery;
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    delivery = await startMailDelivery(hd);
  });
  afterEach(async () => {
    await delivery.stop();
  });

  async function fileAndReply(text: string) {
    const agent = await hd.authAs('agent');
    await hd.ctx.db.updateTable('users').set({ name: 'Alex' }).where('role', '=', 'agent').execute();
    const filed = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: ticketPayload({ email: 'ann@client.test', name: 'Ann', subject: 'Export fails' }),
    });
    expect(filed.statusCode).toBe(201);
    const { id } = filed.json() as { id: number };
    await delivery.mailsTo('ann@client.test');
    const reply = await hd.app.inject({
      method: 'POST',
      url: `/api/helpdesk/v1/tickets/${id}/comments`,
      headers: agent,
      payload: { text },
    });
    expect(reply.statusCode).toBe(201);
    const mails = await delivery.mailsTo('ann@client.test', 2);
    return { confirmation: mails[0], answer: mails[1] };
  }

  it('an agent reply comes from "Alex from Acme" at the site address, the agent’s words first, logo and colour in the HTML', async () => {
    await updateSiteOptions(hd.ctx.db, { site_name: 'Acme', brand_color: '#ffcc00' });
    const version = await saveSiteLogo(hd.ctx.db, solidPng(4, 4, [200, 30, 30]));
    await updateSettings(hd.ctx, { emails: { support_address: 'support@help.acme.test' } });
    const { confirmation, answer } = await fileAndReply('Hi Ann,\n\nTry **Export all** now.\n\nAlex');

    // The display name is the agent's; the address stays the site's, and replies still go to the ticket.
    expect(answer?.headers.from).toBe('Alex from Acme <helpdesk@help.acme.test>');
    expect(answer?.headers['reply-to']).toMatch(/^support\+\d+-[0-9a-f]{24}@help\.acme\.test$/);
    // Other mails still come from the site.
    expect(confirmation?.headers.from).toBe('Acme <helpdesk@help.acme.test>');

    // No greeting of the system's above the agent's own: their words open the mail, the link and context follow.
    const text = (answer?.text ?? '').replace(/\r\n/g, '\n');
    expect(text).not.toContain('Hello Ann');
    expect(text).not.toContain('There is a new reply');
    const body = text.slice(text.indexOf('Hi Ann,'));
    expect(body.startsWith('Hi Ann,\n\nTry Export all now.\n\nAlex\n\n')).toBe(true);
    expect(body).toMatch(
      /Your request "Export fails" at Acme\. Read and answer it here:\nhttps:\/\/help\.acme\.test\/login\/ticket\/\?token=/,
    );
    const html = answer?.html ?? '';
    expect(html).not.toContain('Hello Ann');
    expect(html.indexOf('<strong>Export all</strong>')).toBeLessThan(html.indexOf('Your request'));

    // The logo by its absolute address on the help site, the site name as its alt text; never inline data.
    expect(html).toContain(`<img src="https://help.acme.test/site-logo?v=${version}" alt="Acme"`);
    expect(html).not.toContain('data:image');
    // The brand colour on the button, with the text colour that reads on it (dark on yellow).
    expect(readableTextOn('#ffcc00')).toBe('#000000');
    expect(html).toMatch(
      new RegExp(
        '<td style="background:#ffcc00;[^"]*"><a href="https://help\\.acme\\.test/login/ticket/[^"]+" style="[^"]*">' +
          '<span style="color:#000000;',
      ),
    );
    expect(confirmation?.html).toContain('background:#ffcc00');
  });

  it('a saved copy of the earlier default template is read as the new one; an owner’s own template and placeholders are kept', async () => {
    await updateSiteOptions(hd.ctx.db, { site_name: 'Acme' });
    await updateSettings(hd.ctx, { emails: { client_agent_reply_body: EARLIER_AGENT_REPLY_BODY } });
    const first = await fileAndReply('Hi Ann, done.');
    expect(first.answer?.text).not.toContain('Hello Ann');
    expect(first.answer?.text.startsWith('Hi Ann, done.')).toBe(true);

    await updateSettings(hd.ctx, {
      emails: { client_agent_reply_body: 'Dear ##client_name## (##site_name##):\n##reply_text##\n##ticket_link##' },
    });
    const { id } = (await hd.ctx.db.selectFrom('posts').select('id').where('type', '=', 'ticket').executeTakeFirstOrThrow()) as {
      id: number;
    };
    const agent = await hd.authAs('agent');
    await hd.app.inject({ method: 'POST', url: `/api/helpdesk/v1/tickets/${id}/comments`, headers: agent, payload: { text: 'More.' } });
    const mails = await delivery.mailsTo('ann@client.test', 3);
    expect(mails[2]?.text.replace(/\r\n/g, '\n')).toMatch(/^Dear Ann \(Acme\):\nMore\.\nhttps:\/\/help\.acme\.test\/login\/ticket\//);
  });

  it('a hostile colour stored past validation is neutralised: the default colour, nothing injected', async () => {
    // Written straight into the options table, as a hand edit or an old row would be.
    await writeOption(hd.ctx.db, 'brand_color', '#fff;"><script>alert(1)</script><p style="x:y');
    const { answer } = await fileAndReply('Hi Ann.');
    const html = answer?.html ?? '';
    expect(html).not.toContain('<script');
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('background:#1d4ed8;');
    // Without a logo there is no image at all.
    expect(html).not.toContain('<img');
  });
});
