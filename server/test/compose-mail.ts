import nodemailer, { type SendMailOptions } from 'nodemailer';

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** A raw RFC 5322 message as a mail program would send it (nodemailer builds the MIME, encodings and headers). */
export async function composeMail(options: SendMailOptions): Promise<string> {
  const info = await composer.sendMail(options);
  return (info.message as Buffer).toString('utf8');
}

/** A reply's body as mail programs write it: the new words, a signature, then the quoted mail under an attribution line. */
export function replyBody(words: string, quoted: string): string {
  const quote = quoted
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const signature = '-- \nAnn Client\nAcme Corp, Floor 3';
  return `${words}\n\n${signature}\n\nOn Wed, 25 Nov 2026 at 10:00, Help Desk <support@help.test> wrote:\n${quote}\n`;
}
