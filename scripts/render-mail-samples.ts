// Writes sample mails (the ticket confirmation and an agent's reply with files) in a language to HTML files, for a
// look in a browser: `npx tsx scripts/render-mail-samples.ts <folder> ar de`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMail } from '../server/email/render-mail.js';
import { translatorFor } from '../server/i18n/translators.js';
import { loadMarkdown } from '../server/markdown/load-markdown.js';
import { MAIL_TEMPLATES, mailTemplateFor } from '../server/settings/emails-tab.js';

const [folder = '.', ...languages] = process.argv.slice(2);
await loadMarkdown();
for (const language of languages) {
  const tr = translatorFor(language, 'Asia/Dubai');
  const values = {
    client_name: language === 'ar' ? 'سلمى' : 'Greta',
    ticket_title: language === 'ar' ? 'الطابعة HP-4200 لا تطبع' : 'Drucker druckt nicht',
    ticket_id: '1042',
    ticket_link: 'https://help.acme.test/login/ticket/?token=abc',
    site_name: 'Acme',
    site_link: 'https://help.acme.test/',
  };
  const name = 'client_ticket_created';
  const mail = renderMail(
    `${mailTemplateFor(name, 'subject', MAIL_TEMPLATES[name].subject, tr)}`,
    mailTemplateFor(name, 'body', MAIL_TEMPLATES[name].body, tr),
    values,
    {
      translator: tr,
      replyMarker: true,
      linkLabel: tr.t('mail.button.openTicket'),
      brand: { color: '#0f766e', siteName: 'Acme' },
      files: [
        { name: 'invoice-2026.pdf', size: 48_213, link: null },
        { name: 'screen.png', size: 912, link: null },
      ],
    },
  );
  writeFileSync(join(folder, `mail-${language}.html`), mail.html);
  writeFileSync(join(folder, `mail-${language}.txt`), `${mail.subject}\n\n${mail.text}`);
}
