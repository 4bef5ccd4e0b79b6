import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One outgoing message, as the mail worker builds it. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per job, so a message resent after a lost acknowledgement is recognised as the same one. */
  messageId: string;
  /** The ticket's thread id, so mail clients group every mail about one ticket. */
  references?: string;
}

export interface MailTransport {
  /** Resolves when the message is accepted (or written); rejects with the SMTP error otherwise. */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

const HEADERS = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' };

function toNodemailer(mail: OutgoingMail) {
  return { from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId, ...(mail.references && { references: mail.references }), headers: HEADERS };
}

/** SMTP through nodemailer when `smtpUrl` is set; otherwise each message becomes an .eml file under `dataDir/mail/`. */
export function createMailTransport(options: { smtpUrl: string | null; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    // Short timeouts: a dead server must fail the attempt (and be retried later), not hang the worker.
    const transport = nodemailer.createTransport(options.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as object);
    return {
      async send(mail) {
        await transport.sendMail(toNodemailer(mail));
        return {};
      },
      close: () => transport.close(),
    };
  }
  const folder = join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(toNodemailer(mail));
      mkdirSync(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`;
      const file = join(folder, name);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      return { file };
    },
    close: () => transport.close(),
  };
}

/** A permanent rejection (5xx reply): retrying cannot help, so the job ends as failed. */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
