import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { loggerOptions } from './log-serializers.js';

interface LogLine {
  level: number;
  msg: string;
}

describeEachDatabase('a client hanging up mid-request', (dialect) => {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const hd = useTestHelpdesk(dialect, { logger: loggerOptions('debug', stream) });
  let port: number;
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    port = Number(new URL(await hd.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  it('is logged at info as a hang-up, never as an error or "database unreachable"', async () => {
    const socket = connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      'POST /api/helpdesk/v1/tickets/ HTTP/1.1\r\nHost: ' +
        'help.test\r\nContent-Type: application/json\r\nContent-Length: ' +
        '5000\r\n\r\n{"name":"Gone',
    );
    // The request has reached the service (each incoming request is logged at debug) before the client leaves.
    await expect.poll(() => lines.some((line) => line.msg === 'incoming request'), { timeout: 10_000 }).toBe(true);
    socket.destroy();
    await expect.poll(() => lines.find((line) => line.msg.includes('client hung up')), { timeout: 10_000 }).toMatchObject({ level: 30 });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(lines.filter((line) => /database/i.test(line.msg))).toEqual([]);
  });
});
