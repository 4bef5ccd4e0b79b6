import { describe, expect, it, vi } from 'vitest';
import { cleanReplyText } from './clean-reply-text.js';
import { decodeMail, MAIL_HTML_MAX, MAIL_TEXT_MAX } from './decode-mail.js';
import { DECODE_IN_THREAD_MAX_BYTES, parseIncomingMail } from './parse-incoming-mail.js';

// What the HTML converter and the reply parser were given, in characters: the work of a mail's import
// counted, not timed (both take time in proportion to their input once it is bounded).
const given = vi.hoisted(() => ({ converter: [] as number[], replyParser: [] as number[] }));
vi.mock('html-to-text', async (importOriginal) => {
  const real = await importOriginal<typeof import('html-to-text')>();
  return {
    ...real,
    htmlToText: (html: string, options?: Parameters<typeof real.htmlToText>[1]) => {
      given.converter.push(html.length);
      return real.htmlToText(html, options);
    },
  };
});
vi.mock('email-reply-parser', async (importOriginal) => {
  const Real = (await importOriginal<typeof import('email-reply-parser')>()).default;
  class Counted extends Real {
    override read(text: string) {
      given.replyParser.push(text.length);
      return super.read(text);
    }
  }
  return { default: Counted };
});

/** An HTML-only mail of about `size` characters of table cells, without a space between words, as mail programs' tables come. */
function tableMail(size: number, words = 'Hello from a big table.'): string {
  const cell = '<tr><td>cell</td><td><b>x</b></td></tr>';
  const html = `<p>${words}</p><table>${cell.repeat(Math.ceil(size / cell.length))}</table>`;
  return [
    'From: ann@client.test',
    'Subject: Big',
    'Message-ID: <big@client.test>',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '',
  ].join('\r\n');
}

/** The characters the converter and the reply parser read to import this mail. */
async function importWork(raw: string): Promise<number> {
  given.converter.length = 0;
  given.replyParser.length = 0;
  cleanReplyText((await decodeMail(raw)).text);
  return [...given.converter, ...given.replyParser].reduce((a, b) => a + b, 0);
}

describe('a large incoming mail', () => {
  it('gives the HTML converter at most MAIL_HTML_MAX characters, unwrapped; keeps at most MAIL_TEXT_MAX of text, marked cut', async () => {
    given.converter.length = 0;
    const mail = await decodeMail(tableMail(3_800_000));
    expect(given.converter).toHaveLength(1);
    expect(given.converter[0]).toBeLessThanOrEqual(MAIL_HTML_MAX);
    expect(mail.text.startsWith('Hello from a big table.')).toBe(true);
    expect(mail.text.length).toBeLessThanOrEqual(MAIL_TEXT_MAX);
    expect(mail.textCut).toBe(true);
    // Wrapping at 80 columns split the cells' one long word in quadratic time (46 s for 1 MB of cells).
    expect(Math.max(...mail.text.split('\n').map((line) => line.length))).toBeGreaterThan(10_000);
  });

  it('costs at most 2.5 times the work for a mail twice as large, below the limits and above them', async () => {
    for (const size of [100_000, 2_000_000]) {
      const work = await importWork(tableMail(size));
      const twice = await importWork(tableMail(2 * size));
      expect(work).toBeGreaterThan(0);
      expect(twice / work).toBeLessThanOrEqual(2.5);
    }
  });

  it('reads HTML nested 300,000 deep as its words instead of failing (the parser’s work grows with the square of the depth)', async () => {
    const depth = 300_000;
    const html = `<p>Hello &amp; welcome</p><script>alert(1)</script>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`;
    given.converter.length = 0;
    const mail = await decodeMail(`From: ann@client.test\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`);
    expect(mail.text).toMatch(/^Hello & welcome\b/);
    expect(mail.text).not.toMatch(/alert/);
    expect(mail.textCut).toBe(true);
    // The markup was taken out before the converter read it.
    expect(given.converter[0]).toBeLessThan(MAIL_HTML_MAX / 2);
  });

  it('gives the reply parser at most MAIL_TEXT_MAX characters', () => {
    given.replyParser.length = 0;
    expect(cleanReplyText(`Thanks!\n${'word '.repeat(400_000)}`).startsWith('Thanks!')).toBe(true);
    expect(given.replyParser).toHaveLength(1);
    expect(given.replyParser[0]).toBeLessThanOrEqual(MAIL_TEXT_MAX);
  });

  it('is decoded in a worker thread: the event loop keeps turning while it is read, and its files arrive whole', async () => {
    const photo = Buffer.alloc(DECODE_IN_THREAD_MAX_BYTES, 7);
    const raw = [
      'From: ann@client.test',
      'Subject: Big',
      'Message-ID: <thread@client.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/html; charset=utf-8',
      '',
      tableMail(3_000_000).split('\r\n\r\n')[1],
      '--b',
      'Content-Type: application/octet-stream; name="photo.bin"',
      'Content-Disposition: attachment; filename="photo.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      photo.toString('base64'),
      '--b--',
      '',
    ].join('\r\n');
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns += 1;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const mail = await parseIncomingMail(Buffer.from(raw)).finally(() => {
      reading = false;
    });
    expect(mail.text.startsWith('Hello from a big table.')).toBe(true);
    expect(mail.header('message-id')).toBe('<thread@client.test>');
    expect(mail.files).toHaveLength(1);
    expect(Buffer.isBuffer(mail.files[0]?.content)).toBe(true);
    expect(mail.files[0]?.content.equals(photo)).toBe(true);
    // Read on the event loop's thread, the whole HTML conversion is one turn, and the parse a handful more;
    // in a worker, the loop turns freely (thousands of times) while it waits for the answer.
    expect(turns).toBeGreaterThan(200);
  });
});
