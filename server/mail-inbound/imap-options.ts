import type { ImapFlowOptions } from 'imapflow';

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * imapflow's options from HELPDESK_IMAP_URL: `imaps://` is TLS from the start (port 993), `imap://`
 * must upgrade with STARTTLS (port 143) — except on a loopback address, where a local server may be
 * plain. The password is taken from the URL and goes nowhere else (never into a log line).
 */
export function imapOptions(url: string): { options: ImapFlowOptions; mailbox: string } {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const isLocal = LOOPBACK.has(parsed.hostname);
  return {
    options: {
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
      secure,
      // `starttls=no` (Settings → Mail, security "none"): the admin chose a server without encryption.
      doSTARTTLS: secure ? undefined : parsed.searchParams.get('starttls') === 'no' ? false : !isLocal,
      auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
      logger: false,
      // IDLE from 1 s after the last command (imapflow waits 15 s): a reply shows in its ticket at once.
      autoIdleDelay: 1000,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
    },
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

/** The address without its password, for log lines and the admin's status. */
export function describeImapUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}${parsed.pathname}`;
}
