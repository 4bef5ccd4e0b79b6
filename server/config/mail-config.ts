import { isEmailAddress } from '../domain/people/email-address.js';
import type { Config } from './config-types.js';

/** HELPDESK_SUPPORT_ADDRESS, HELPDESK_IMAP_URL and HELPDESK_IMAP_POLL_SECONDS, checked; problems are added to the list. */
export function parseMailConfig(
  env: NodeJS.ProcessEnv,
  problems: string[],
): Required<Pick<Config, 'supportAddress' | 'imapUrl' | 'imapPollSeconds'>> {
  const supportAddress = env.HELPDESK_SUPPORT_ADDRESS?.trim().toLowerCase() || null;
  if (supportAddress && !isEmailAddress(supportAddress)) {
    problems.push(`HELPDESK_SUPPORT_ADDRESS must be one plain address like support@example.com; got "${env.HELPDESK_SUPPORT_ADDRESS}".`);
  }
  const imapUrl = env.HELPDESK_IMAP_URL?.trim() || null;
  if (imapUrl && !(URL.canParse(imapUrl) && ['imap:', 'imaps:'].includes(new URL(imapUrl).protocol))) {
    problems.push('HELPDESK_IMAP_URL must be an imaps:// or imap:// address, like imaps://user:pass@mail.example.com:993/INBOX.');
  }
  const pollText = env.HELPDESK_IMAP_POLL_SECONDS?.trim();
  const imapPollSeconds = pollText ? Number(pollText) : 60;
  if (!Number.isInteger(imapPollSeconds) || imapPollSeconds < 1) {
    problems.push(`HELPDESK_IMAP_POLL_SECONDS must be a whole number of seconds of at least 1; got "${pollText}".`);
  }
  return { supportAddress, imapUrl, imapPollSeconds };
}
