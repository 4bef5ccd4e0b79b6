import { type Message, message, type Translator } from '../../common/i18n/translator.js';
import { type AppError, renderProblemText } from '../errors.js';
import { english } from '../i18n/translators.js';

/**
 * Why an incoming mail was refused or ignored: the text to show in the reader's language (`message`, stored
 * with the mail's row) and its English (`reason`, for logs, the CLI and the mail server's bounce).
 */
export interface InboundReason {
  reason: string;
  message: Message;
}

export function inboundReason(text: Message): InboundReason {
  return { reason: english.render(text), message: text };
}

/** An AppError's reason: its catalogue message when it has one, else its English as written. */
export function reasonOfError(error: AppError): InboundReason {
  const detail = error.detail;
  if (typeof detail !== 'function') return inboundReason(detail);
  return inboundReason(message('problems.inbound.as_written', { text: renderProblemText(english, detail) }));
}

/** How a reason is kept in `inbound_mails.reason`: the message as JSON, rendered when read. */
export function storedReason(text: Message): string {
  return JSON.stringify(text);
}

/** A stored reason in the reader's language; a row written before reasons were messages is shown as written. */
export function showReason(stored: string | null, t: Translator): string {
  if (!stored) return '';
  if (!stored.startsWith('{')) return stored;
  try {
    const parsed = JSON.parse(stored) as Partial<Message> | null;
    if (parsed && typeof parsed.key === 'string' && parsed.key.startsWith('problems.')) return t.render(parsed as Message);
  } catch {
    // Not a message: shown as written.
  }
  return stored;
}
