import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { MailTransport, OutgoingMail } from '../email/create-transport.js';
import { createWorker } from '../jobs/worker.js';
import { multipartBody, type TestFile } from './multipart.js';
import type { TestHelpdesk } from './test-helpdesk.js';

/** A browser stand-in over `inject`: keeps cookies, reads CSRF tokens from pages, posts forms. */
export class SiteClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly basePath = '',
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string, headers: Record<string, string> = {}) {
    return this.remember(
      await this.app.inject({ method: 'GET', url: this.basePath + path, headers: { cookie: this.cookieHeader(), ...headers } }),
    );
  }

  /** Posts a form; `headers` adds what a browser would send beside it (its Accept-Language). */
  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url: this.basePath + path,
        headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }

  /** Posts a form with files, as a browser sends a form with `enctype="multipart/form-data"`. */
  async postMultipart(path: string, form: Record<string, string>, files: TestFile[]) {
    const body = multipartBody(form, files);
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url: this.basePath + path,
        headers: { cookie: this.cookieHeader(), ...body.headers },
        payload: body.payload,
      }),
    );
  }

  /** Loads `pagePath` and posts to `action` with the page's CSRF token. */
  async submit(pagePath: string, action: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    const page = await this.get(pagePath, headers);
    return this.post(action, { _csrf: csrfIn(page.body), ...form }, headers);
  }
}

export function csrfIn(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('No CSRF field in the page');
  return match[1];
}

/** A transport that keeps messages in memory, and a helper to run the queue until it is empty. */
export function memoryMail(hd: TestHelpdesk) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    async send(mail) {
      sent.push(mail);
      return {};
    },
    close() {},
  };
  const worker = createWorker(hd.ctx, hd.config, transport, { info() {}, warn() {} }, { baseDelayMs: 10, maxDelayMs: 10 });
  return {
    sent,
    async drain() {
      while ((await worker.runOnce()) > 0) {}
      return sent;
    },
  };
}

/** The path and query of the ticket link in a message. */
export function linkPath(mail: OutgoingMail, homeUrl: string): string {
  const match = /https?:\/\/\S+\/login\/ticket\/\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`No link in "${mail.subject}"`);
  expect(match[0].startsWith(`${homeUrl}/`)).toBe(true);
  return match[0].slice(homeUrl.length);
}
