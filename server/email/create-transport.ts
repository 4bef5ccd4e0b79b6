import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailAttachment } from './mail-files.js';

/** One outgoing message, as the mail worker builds it. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per job, so a message resent after a lost acknowledgement is recognised as the same one. */
  messageId: string;
  /** The ticket's earlier mails (and its thread root), so mail clients group every mail about one ticket. */
  references?: string;
  /** The ticket's latest earlier mail, which this one answers. */
  inReplyTo?: string;
  /** The ticket's reply address: a reply by mail lands in the ticket. */
  replyTo?: string;
  /**
   * Sent by the helpdesk on its own (confirmations, bot replies, links, notifications): marked
   * `Auto-Submitted: auto-generated` (RFC 3834) so vacation responders stay quiet. A person's reply is not.
   */
  automatic: boolean;
  /**
   * An automatic mail in response to a mail (the confirmation of a ticket opened by mail): marked
   * `auto-replied`, as RFC 3834 §5 asks, rather than `auto-generated`.
   */
  autoReplied?: boolean;
  /** The language it is written in (`Content-Language`, RFC 3282): screen readers and translating mail clients read it. */
  language?: string;
  /** Files sent with the message (under Tickets → Attachments' mail size); their bytes stream from the store. */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  /** Resolves when the message is accepted (or written); rejects with the SMTP error otherwise. */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

const AUTOMATIC_HEADERS = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' };
const AUTO_REPLY_HEADERS = { ...AUTOMATIC_HEADERS, 'Auto-Submitted': 'auto-replied' };

async function toNodemailer(mail: OutgoingMail) {
  // Opened per attempt: a stream is read once, and a retried mail needs the bytes again.
  const attachments = await Promise.all(
    (mail.attachments ?? []).map(async (file) => ({ filename: file.filename, contentType: file.contentType, content: await file.open() })),
  );
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    ...(mail.references && { references: mail.references }),
    ...(mail.inReplyTo && { inReplyTo: mail.inReplyTo }),
    ...(mail.replyTo && { replyTo: mail.replyTo }),
    headers: {
      ...(mail.automatic ? (mail.autoReplied ? AUTO_REPLY_HEADERS : AUTOMATIC_HEADERS) : {}),
      ...(mail.language && { 'Content-Language': mail.language }),
    },
    ...(attachments.length && { attachments }),
  };
}

/** How long one SMTP attempt may wait at each stage before it fails (and is retried later). */
export interface SmtpTimeouts {
  /** Opening the TCP connection. */
  connectionMs: number;
  /** The server's greeting after connecting. */
  greetingMs: number;
  /** Any silence of the server during the conversation. */
  socketMs: number;
}

// nodemailer's own defaults (2 min, 30 s, 10 min) let one silent server hold up the whole queue.
const SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** SMTP through nodemailer when `smtpUrl` is set; otherwise each message becomes an .eml file under `dataDir/mail/`. */
export function createMailTransport(options: { smtpUrl: string | null; dataDir: string; timeouts?: Partial<SmtpTimeouts> }): MailTransport {
  if (options.smtpUrl) {
    const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
    // Transport options go in the first argument (the second is message defaults, where timeouts
    // would be ignored); options written in the URL's query still win.
    const transport = onFirstSend({
      url: options.smtpUrl,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
    return {
      async send(mail) {
        await (await transport.get()).sendMail(await toNodemailer(mail));
        return {};
      },
      close: transport.close,
    };
  }
  const folder = join(options.dataDir, 'mail');
  const transport = onFirstSend({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail(await toNodemailer(mail));
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`;
      const file = join(folder, name);
      // Written aside and renamed: a full disk fails the attempt (retried later) and leaves no
      // truncated .eml behind for someone to read as the message.
      const partial = `${file}.partial`;
      try {
        writeFileSync(partial, info.message as Buffer, { mode: 0o600 });
        renameSync(partial, file);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
      return { file };
    },
    close: transport.close,
  };
}

/**
 * nodemailer loaded and its transport made when the first mail goes out: a service that sends no mail
 * for a while (or a command that sends none) does not hold it in memory from the start.
 */
function onFirstSend(transportOptions: object): { get(): Promise<Transporter>; close(): void } {
  let transport: Promise<Transporter> | undefined;
  let closed = false;
  return {
    get() {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(transportOptions));
      return transport;
    },
    close() {
      if (closed) return;
      closed = true;
      void transport?.then((made) => made.close());
    },
  };
}

/** A permanent rejection (5xx reply): retrying cannot help, so the job ends as failed. */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
