// What reading one large HTML-only mail costs: `npx tsx bench/mail-import.ts`. Each
// case runs in a fresh process (its own peak memory): parseIncomingMail then cleanReplyText, as an
// import does, timing CPU (all threads of the process), the peak resident set (the kernel's maxRSS) and
// the longest the event loop went without a turn while the mail was read. Not part of `npm run bench`.
// `npx tsx bench/mail-import.ts <kind> <characters>` runs one case and prints it as JSON.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const KINDS = {
  /** Table cells without a space between them: one long word to the converter. */
  table: (size: number) => {
    const cell = '<tr><td>cell</td><td><b>x</b></td></tr>';
    return `<table>${cell.repeat(Math.ceil(size / cell.length))}</table>`;
  },
  /** Elements nested inside each other. */
  nested: (size: number) => {
    const depth = Math.floor(size / 11);
    return `${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}`;
  },
  /** One paragraph: a single line of words. */
  line: (size: number) => `<p>${'word '.repeat(Math.floor(size / 5))}</p>`,
  /** Many short lines. */
  lines: (size: number) => `<p>${'word<br>\n'.repeat(Math.floor(size / 9))}</p>`,
} satisfies Record<string, (size: number) => string>;
type Kind = keyof typeof KINDS;

async function runCase(kind: Kind, size: number): Promise<void> {
  const { parseIncomingMail } = await import('../server/mail-inbound/parse-incoming-mail.js');
  const { cleanReplyText } = await import('../server/mail-inbound/clean-reply-text.js');
  // BENCH_MAIL_IN_THREAD=1: the decoding itself, on this thread (decode-mail.ts), without a worker's start
  // and tsx compiling its sources in it (the built server's worker runs a bundle).
  const decode =
    process.env.BENCH_MAIL_IN_THREAD === '1'
      ? async (raw: Buffer) => (await import('../server/mail-inbound/decode-mail.js')).decodeMail(raw)
      : parseIncomingMail;
  const raw = [
    'From: ann@client.test',
    'Subject: Big',
    'Message-ID: <big@client.test>',
    'Content-Type: text/html; charset=utf-8',
    '',
    KINDS[kind](size),
    '',
  ].join('\r\n');
  // The longest the event loop went without a turn while the mail was read: what a request waited.
  let longestBlockMs = 0;
  let lastTurn = performance.now();
  let reading = true;
  const turn = () => {
    const now = performance.now();
    longestBlockMs = Math.max(longestBlockMs, now - lastTurn);
    lastTurn = now;
    if (reading) setImmediate(turn);
  };
  setImmediate(turn);
  const cpu = process.cpuUsage();
  const start = performance.now();
  let outcome = 'read';
  let textLength = 0;
  try {
    const mail = await decode(Buffer.from(raw));
    textLength = cleanReplyText(mail.text).length;
  } catch (error) {
    outcome = `failed: ${(error as Error).message.slice(0, 60)}`;
  }
  // The block that ends with the answer is seen here: the continuation runs before any other turn.
  turn();
  reading = false;
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      kind,
      mb: (raw.length / 1e6).toFixed(1),
      cpuS: ((used.user + used.system) / 1e6).toFixed(2),
      wallS: ((performance.now() - start) / 1000).toFixed(2),
      peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
      longestBlockMs: Math.round(longestBlockMs),
      textLength,
      outcome,
    }),
  );
}

const [kind, size] = process.argv.slice(2);
if (kind) await runCase(kind as Kind, Number(size));
else {
  console.log(
    '| mail | MB | CPU s | wall s | peak RSS MB | longest event-loop block ms | text kept | outcome |\n' +
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const size of [1_900_000, 3_800_000]) {
    for (const name of Object.keys(KINDS)) {
      const line = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name, String(size)], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      const r = JSON.parse(line.trim().split('\n').pop() as string);
      console.log(`| ${r.kind} | ${r.mb} | ${r.cpuS} | ${r.wallS} | ${r.peakMb} | ${r.longestBlockMs} | ${r.textLength} | ${r.outcome} |`);
    }
  }
}
