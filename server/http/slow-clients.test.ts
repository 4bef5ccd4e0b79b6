import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpLimits } from '../config/config-types.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { createTestHelpdesk, type TestHelpdesk, useTestHelpdesk } from '../test/test-helpdesk.js';

/** A raw client socket that remembers what the server sent and whether the server closed it. */
interface RawClient {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function openRaw(port: number, localAddress: string, firstBytes: string): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {}); // a reset by the server is one of the expected endings
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => {
      socket.write(firstBytes);
      resolve({ socket, received: () => received, closed });
    });
    socket.once('error', reject);
  });
}

/** Files a ticket with node:http from 127.0.0.1 and returns the status. */
function fileTicket(port: number, localAddress = '127.0.0.1'): Promise<number> {
  const body = JSON.stringify(ticketPayload());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        localAddress,
        method: 'POST',
        path: '/api/helpdesk/v1/tickets/',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const partialBody = (size: number) =>
  `POST /api/helpdesk/v1/tickets/ HTTP/1.1\r\nHost: ` +
  `help.test\r\nContent-Type: application/json\r\nContent-Length: ` +
  `${size}\r\n\r\n{"name":"Slow`;
const partialHeaders = 'POST /api/helpdesk/v1/tickets/ HTTP/1.1\r\nHost: help.test\r\nContent-Ty';

// Short bounds so the test ends quickly; the defaults are 10 s / 10 s / 30 s / 10 s.
const FAST_LIMITS: HttpLimits = {
  headersTimeoutMs: 1500,
  bodyTimeoutMs: 1500,
  requestTimeoutMs: 4000,
  keepAliveTimeoutMs: 1500,
  maxConnectionsPerAddress: 64,
};

describeEachDatabase('stalled and slow clients', (dialect) => {
  const hd = useTestHelpdesk(dialect, { httpLimits: FAST_LIMITS });
  let port: number;
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const url = new URL(await hd.app.listen({ port: 0, host: '127.0.0.1' }));
    port = Number(url.port);
  });

  it('serves a normal client while 300 sockets stall on partial bodies and ' +
    'headers, then cuts every stalled socket (408 where a request had begun)', async () => {
    // Six addresses × 50 sockets: under the per-address cap, so only the timeouts can free them.
    const stalled: RawClient[] = [];
    const bodies: RawClient[] = [];
    for (let i = 0; i < 300; i += 1) {
      const address = `127.0.1.${1 + (i % 6)}`;
      const client = await openRaw(port, address, i % 6 === 5 ? partialHeaders : partialBody(5000));
      stalled.push(client);
      if (i % 6 !== 5) bodies.push(client);
    }
    expect(await fileTicket(port)).toBe(201);
    // Every stalled socket is closed by the server (the test's own timeout is the only bound).
    await Promise.all(stalled.map((client) => client.closed));
    // A request whose headers had arrived is told why before the socket is closed.
    const told = bodies.filter((client) => client.received().startsWith('HTTP/1.1 408'));
    expect(told.length).toBe(bodies.length);
    for (const client of told) expect(client.received()).toContain('"code":"REQUEST_TIMEOUT"');
    // And the service goes on serving.
    expect(await fileTicket(port)).toBe(201);
  }, 60_000);

  it('closes an idle keep-alive connection', async () => {
    const client = await openRaw(port, '127.0.1.7', 'GET /healthz HTTP/1.1\r\nHost: help.test\r\n\r\n');
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1.1 200/);
  }, 30_000);

  it('answers headers that trickle in slower than the header timeout with a 408 problem', async () => {
    const client = await openRaw(port, '127.0.1.8', 'GET /healthz HTTP/1.1\r\nHost: help.test\r\n');
    // One more header line now and then: never silent long enough for the silence timeout alone.
    const drip = setInterval(() => client.socket.write('X-Drip: 1\r\n'), 300);
    try {
      await client.closed;
    } finally {
      clearInterval(drip);
    }
    expect(client.received()).toMatch(/^HTTP\/1.1 408/);
    expect(client.received()).toContain('application/problem+json');
  }, 30_000);
});

// Not about storage: one dialect is enough to see the connection cap at work.
describe('open connections per client address', () => {
  let hd: TestHelpdesk;
  let port: number;
  const opened: Socket[] = [];
  beforeAll(async () => {
    hd = await createTestHelpdesk('sqlite', {
      httpLimits: {
        headersTimeoutMs: 60_000,
        bodyTimeoutMs: 60_000,
        requestTimeoutMs: 120_000,
        keepAliveTimeoutMs: 60_000,
        maxConnectionsPerAddress: 5,
      },
    });
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    port = Number(new URL(await hd.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => {
    for (const socket of opened) socket.destroy();
    await hd?.close();
  });

  it('refuses the connection over the cap with a 503, counts IPv4 addresses apart, and frees a slot when one closes', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => openRaw(port, '127.0.2.1', partialHeaders)));
    opened.push(...held.map((c) => c.socket));
    const over = await openRaw(port, '127.0.2.1', partialHeaders);
    await over.closed;
    expect(over.received()).toMatch(/^HTTP\/1.1 503/);
    // Another address is served as usual.
    expect(await fileTicket(port, '127.0.2.2')).toBe(201);
    // One held socket closes: its slot is free again.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    await expect.poll(() => fileTicket(port, '127.0.2.1'), { timeout: 10_000 }).toBe(201);
  }, 30_000);
});
