import type { IncomingMail } from './parse-incoming-mail.js';

/**
 * Why a message was sent by a machine and must never be answered or filed (RFC 3834 and the common
 * list and autoresponder headers), or null for a person's mail. Answering these makes mail loops.
 */
export function whyAutomatic(mail: IncomingMail): string | null {
  const autoSubmitted = mail.header('auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return `It is automatic mail (Auto-Submitted: ${autoSubmitted}).`;
  const precedence = mail.header('precedence')?.trim().toLowerCase();
  if (precedence && ['bulk', 'junk', 'list'].includes(precedence)) return `It is bulk or list mail (Precedence: ${precedence}).`;
  if (mail.header('x-autoreply') !== undefined || mail.header('x-autorespond') !== undefined)
    return 'It is an automatic reply (X-Autoreply).';
  if (mail.header('list-id') !== undefined) return 'It came through a mailing list (List-Id).';
  return null;
}
