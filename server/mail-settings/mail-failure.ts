/** What a check of a mail server found wrong, for the admin in plain words (`settings.mail.failure.<kind>`). */
export type MailFailure = 'dns' | 'refused' | 'timeout' | 'tls' | 'auth' | 'recipient' | 'folder' | 'not_set' | 'other';

export const MAIL_FAILURES: readonly MailFailure[] = [
  'dns',
  'refused',
  'timeout',
  'tls',
  'auth',
  'recipient',
  'folder',
  'not_set',
  'other',
];

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EDNS']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ESOCKETTIMEDOUT']);
const TLS_CODES = new Set([
  'ETLS',
  'EREQUIRETLS',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

interface MailError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  cause?: unknown;
  command?: unknown;
  responseCode?: unknown;
  authenticationFailed?: unknown;
  response?: unknown;
}

/**
 * One error of nodemailer or imapflow as the failure the admin reads. The codes first (Node's socket and DNS
 * codes, nodemailer's `EAUTH`/`EENVELOPE`/`ETLS`, imapflow's `authenticationFailed`), then the words of
 * the message for what only says itself in words (OpenSSL's "wrong version number").
 */
export function classifyMailError(error: unknown): MailFailure {
  const chain: MailError[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < 5; e = (e as MailError).cause) chain.push(e as MailError);
  const codes = chain.map((e) => String(e.code ?? ''));
  const text = chain.map((e) => String(e.message ?? '')).join(' ');
  if (chain.some((e) => e.authenticationFailed === true) || codes.includes('EAUTH') || codes.includes('ENOAUTH')) return 'auth';
  if (codes.includes('EENVELOPE') || /RCPT/i.test(String(chain[0]?.command ?? ''))) return 'recipient';
  if (codes.some((c) => DNS_CODES.has(c)) || /ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(text)) return 'dns';
  if (codes.includes('ECONNREFUSED') || /ECONNREFUSED/.test(text)) return 'refused';
  if (codes.some((c) => TLS_CODES.has(c) || c.startsWith('ERR_SSL') || c.startsWith('ERR_TLS') || c.startsWith('CERT_'))) return 'tls';
  if (/\bssl\b|\btls\b|starttls|certificate|wrong version number|handshake/i.test(text)) return 'tls';
  if (codes.some((c) => TIMEOUT_CODES.has(c)) || /timed? ?out|timeout/i.test(text)) return 'timeout';
  return 'other';
}

/** The server's own words for the admin, with any password in an address taken out. */
export function whatTheServerSaid(error: unknown): string {
  const said = error instanceof Error ? error.message : String(error);
  return said.replace(/\/\/[^@\s/]*@/g, '//').slice(0, 500);
}
