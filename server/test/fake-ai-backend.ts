import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAiMode = 'up' | 'slow' | 'garbage' | 'rate_limited' | 'error';

export interface FakeAiBackend {
  url: string;
  mode: FakeAiMode;
  /** What `up` answers; receives the request body. */
  answer: (body: { model: string; messages: Array<{ role: string; content: string }> }) => string;
  requests: Array<{ authorization: string | undefined; body: { model: string; messages: Array<{ role: string; content: string }> } }>;
  close(): Promise<void>;
}

/** A local server speaking the OpenAI chat-completions protocol, switchable between behaviours. */
export async function startFakeAiBackend(): Promise<FakeAiBackend> {
  const pending = new Set<ServerResponse>();
  const backend: FakeAiBackend = {
    url: '',
    mode: 'up',
    answer: () => 'A grounded answer.',
    requests: [],
    close: async () => {},
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw);
    backend.requests.push({ authorization: req.headers.authorization, body });
    switch (backend.mode) {
      case 'up':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: backend.answer(body) }, finish_reason: 'stop' }],
          }),
        );
        return;
      case 'slow':
        pending.add(res); // never answered until close
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
        return;
      case 'rate_limited':
        res.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' }).end('{"error":{"message":"slow down"}}');
        return;
      case 'error':
        res.writeHead(500).end('{"error":"boom"}');
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  backend.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  backend.close = async () => {
    for (const res of pending) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return backend;
}
