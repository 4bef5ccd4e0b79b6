import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver does with one request: answer with a status (and headers, body), or never answer. */
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Answers taken in turn; once used up, every request gets 200. */
  answers: ReceiverAnswer[];
  close(): Promise<void>;
}

/** A real local HTTP endpoint for webhook tests: records every request and answers as told. */
export async function startReceiver(answers: ReceiverAnswer[] = []): Promise<TestReceiver> {
  const hanging: ServerResponse[] = [];
  const receiver: Omit<TestReceiver, 'url' | 'close'> = { received: [], answers };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = receiver.answers.shift() ?? { status: 200 };
      if (answer === 'hang') return void hanging.push(res);
      res.writeHead(answer.status, answer.headers).end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received: receiver.received,
    answers,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
