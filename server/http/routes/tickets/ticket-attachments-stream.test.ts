import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { updateSettings } from '../../../settings/settings.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const TOTAL = 50 * 1_048_576;
const PIECE = Buffer.alloc(64 * 1024, 'x');

/**
 * Sends a multipart ticket whose one file is 50 MB of text over a real socket, writing only as fast as the
 * server reads, and stops as soon as an answer arrives. Answers the status and how many bytes were sent.
 */
function sendHugeFile(port: number, fields: Record<string, string>): Promise<{ status: number; sent: number; body: string }> {
  const boundary = 'helpdeskHugeUpload';
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="huge.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/helpdesk/v1/tickets/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        body += text;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, sent, body }));
    });
    // Writing into a socket the server closed after its answer fails: expected once answered.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && sent < TOTAL) {
        sent += PIECE.length;
        if (!req.write(PIECE)) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    req.write(head);
    write();
  });
}

describeEachDatabase('a 50 MB file over the limit', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { attachment_max_file_mb: 2 } });
    await hd.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('is refused (413) long before all of it is sent, and nothing of it is stored', async () => {
    const before = await countRows(hd.ctx);
    const { port } = hd.app.server.address() as AddressInfo;
    const answer = await sendHugeFile(port, ticketPayload());
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).detail).toContain('huge.txt');
    // The refusal came at the 2 MB limit: the rest was never read (socket buffers allow a few MB more).
    expect(answer.sent).toBeLessThan(TOTAL / 2);
    expect(await countRows(hd.ctx)).toEqual(before);
  });
});
