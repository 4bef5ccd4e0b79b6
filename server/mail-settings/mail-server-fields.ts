/** How a connection to a mail server is protected: none, upgraded with STARTTLS, or TLS from the start. */
export type MailSecurity = 'none' | 'starttls' | 'tls';
export const MAIL_SECURITIES: readonly MailSecurity[] = ['none', 'starttls', 'tls'];

/** The outgoing server (SMTP) as Settings → Mail holds it; the password apart, encrypted. */
export interface SmtpFields {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
}

/** The support mailbox (IMAP) the worker reads. */
export interface ImapFields extends SmtpFields {
  folder: string;
}

export const SMTP_DEFAULTS: SmtpFields = { host: '', port: 587, security: 'starttls', user: '' };
export const IMAP_DEFAULTS: ImapFields = { host: '', port: 993, security: 'tls', user: '', folder: 'INBOX' };

/**
 * `smtp://` or `smtps://` with the credentials, as SMTP_URL takes it (so the transport has one input, whichever
 * the source). nodemailer reads `requireTLS` and `ignoreTLS` from the query: STARTTLS must succeed, or is never tried.
 */
export function smtpUrlOf(fields: SmtpFields, password: string | null): string {
  const url = new URL(`${fields.security === 'tls' ? 'smtps' : 'smtp'}://host`);
  url.hostname = fields.host;
  url.port = String(fields.port);
  if (fields.user) url.username = encodeURIComponent(fields.user);
  if (fields.user && password) url.password = encodeURIComponent(password);
  if (fields.security === 'starttls') url.searchParams.set('requireTLS', 'true');
  if (fields.security === 'none') url.searchParams.set('ignoreTLS', 'true');
  return url.href;
}

/** `imaps://` or `imap://` as HELPDESK_IMAP_URL takes it; `starttls=no` reads a server with no encryption at all. */
export function imapUrlOf(fields: ImapFields, password: string | null): string {
  const url = new URL(`${fields.security === 'tls' ? 'imaps' : 'imap'}://host`);
  url.hostname = fields.host;
  url.port = String(fields.port);
  if (fields.user) url.username = encodeURIComponent(fields.user);
  if (password) url.password = encodeURIComponent(password);
  url.pathname = `/${encodeURIComponent(fields.folder || 'INBOX')}`;
  if (fields.security === 'none') url.searchParams.set('starttls', 'no');
  return url.href;
}

/** SMTP_URL read back into the screen's fields (the password only as whether one is set). */
export function smtpFieldsOfUrl(href: string): SmtpFields & { hasPassword: boolean } {
  const url = new URL(href);
  const tls = url.protocol === 'smtps:';
  const security: MailSecurity = tls ? 'tls' : url.searchParams.get('ignoreTLS') === 'true' ? 'none' : 'starttls';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : tls ? 465 : 587,
    security,
    user: decodeURIComponent(url.username),
    hasPassword: url.password !== '',
  };
}

/** HELPDESK_IMAP_URL read back into the screen's fields. */
export function imapFieldsOfUrl(href: string): ImapFields & { hasPassword: boolean } {
  const url = new URL(href);
  const tls = url.protocol === 'imaps:';
  const security: MailSecurity = tls ? 'tls' : url.searchParams.get('starttls') === 'no' ? 'none' : 'starttls';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : tls ? 993 : 143,
    security,
    user: decodeURIComponent(url.username),
    folder: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX',
    hasPassword: url.password !== '',
  };
}
