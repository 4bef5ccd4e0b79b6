import { type AddressInfo, createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it, with its MIME parts decoded. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Sessions answered with the temporary failure so far. */
  refusals: number;
  /** Ends the temporary failure: from now on mail is accepted. */
  accept(): void;
  /** Resolves when `predicate` holds for the received messages (checked on every arrival). */
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, what?: string): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  port?: number;
  /** Recipients refused with a permanent 550 at RCPT TO. */
  rejectRecipients?: (address: string) => boolean;
  /**
   * Refuse every session until `accept()`: `greeting-421` answers the connection "421 try later"
   * and hangs up; `data-451` takes the whole message and then answers "451" (the mail is not kept).
   */
  temporaryFailure?: 'greeting-421' | 'data-451';
}

function temporaryError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/** A real SMTP server (the `smtp-server` package) on a loopback port, keeping what it receives. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failure = options.temporaryFailure;
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (failure !== 'greeting-421') return callback();
      refusals += 1;
      callback(temporaryError(421, 'Service not available, try again later'));
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.(address.address)) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failure === 'data-451') {
          refusals += 1;
          return callback(temporaryError(451, 'Local error in processing, try again later'));
        }
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusals() {
      return refusals;
    },
    accept() {
      failure = undefined;
    },
    waitFor(predicate, what = 'the expected mail') {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(messages)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `Timed out waiting for ${what}; received ${messages.length}: ${messages.map((m) => `${m.to} "${m.subject}"`).join(', ')}`,
            ),
          );
        }, 20_000);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts TCP connections on a loopback port and never says a word (a hung SMTP server). */
export async function startSilentServer(port = 0): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A free loopback port with nothing listening on it (for an SMTP server that is "down"). */
export async function freePort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const found = { text: '', html: '' };
  readPart(headers, raw.slice(split).replace(/^\r?\n\r?\n/, ''), found);
  return { to, raw, headers, subject: decodeWords(headers.subject ?? ''), messageId: headers['message-id'] ?? '', ...found };
}

/**
 * The text and HTML bodies of a part, through nested multiparts (a mail with files is multipart/mixed
 * around the multipart/alternative of its text and HTML); attached files are not the body.
 */
function readPart(headers: Record<string, string>, body: string, found: { text: string; html: string }): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const trimmed = part.replace(/^\r?\n/, '');
      const at = trimmed.search(/\r?\n\r?\n/);
      readPart(
        parseHeaders(trimmed.slice(0, at)),
        trimmed
          .slice(at)
          .replace(/^\r?\n\r?\n/, '')
          .replace(/\r?\n$/, ''),
        found,
      );
    }
    return;
  }
  if (/^attachment/i.test(headers['content-disposition'] ?? '')) return;
  const content = decodeBody(body, headers['content-transfer-encoding']);
  if (type.startsWith('text/html')) found.html ||= content;
  else if (type.startsWith('text/plain')) found.text ||= content;
}

/** The first help-site link in a mail's text part. */
export function linkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/login\/ticket\/\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`No ticket link in mail "${mail.subject}"`);
  return match[0];
}
