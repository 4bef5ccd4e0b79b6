import { type Message, message } from '../../common/i18n/translator.js';
import type { IncomingMail } from './parse-incoming-mail.js';

/**
 * Why a message was sent by a machine and must never be answered or filed (RFC 3834 and the common
 * list and autoresponder headers), or null for a person's mail. Answering these makes mail loops.
 */
export function whyAutomatic(mail: IncomingMail): Message | null {
  const autoSubmitted = mail.header('auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return message('problems.inbound.automatic', { value: autoSubmitted });
  const precedence = mail.header('precedence')?.trim().toLowerCase();
  if (precedence && ['bulk', 'junk', 'list'].includes(precedence)) return message('problems.inbound.bulk', { value: precedence });
  if (mail.header('x-autoreply') !== undefined || mail.header('x-autorespond') !== undefined) return message('problems.inbound.autoreply');
  if (mail.header('list-id') !== undefined) return message('problems.inbound.mailing_list');
  return null;
}
