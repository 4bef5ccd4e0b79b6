import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { capConnectionsPerAddress } from './connection-cap.js';

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** A server answering 200 on keep-alive connections, capped at one connection per address. */
async function cappedServer(trustProxyHops: number): Promise<number> {
  server = createServer((_req, res) => res.end('ok'));
  capConnectionsPerAddress(server, 1, trustProxyHops);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Status of a GET over a new keep-alive connection from 127.0.0.1 (kept open by the agent). */
function get(port: number, agentKeepsIt: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/', agent: agentKeepsIt }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

it('caps connections per address when clients connect directly', async () => {
  const port = await cappedServer(0);
  const first = new Agent({ keepAlive: true, maxSockets: 1 });
  const second = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(port, first)).toBe(200);
    expect(await get(port, second)).toBe(503);
  } finally {
    first.destroy();
    second.destroy();
  }
});

it('is off behind trusted proxies, where every connection comes from the proxy', async () => {
  const port = await cappedServer(1);
  const agents = [1, 2, 3].map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    for (const agent of agents) expect(await get(port, agent)).toBe(200);
  } finally {
    for (const agent of agents) agent.destroy();
  }
});
