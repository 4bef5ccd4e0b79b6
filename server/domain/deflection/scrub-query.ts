/** The longest search text kept for the "searches that found nothing" list. */
export const EMPTY_SEARCH_MAX = 100;

/**
 * A search text with what could name a person taken out, before it is stored: addresses (mail, web), and any run
 * of 3+ digits (order, phone and card numbers) become "…"; then trimmed to EMPTY_SEARCH_MAX characters. Empty when
 * nothing useful is left.
 */
export function scrubQuery(text: string): string {
  return text
    .replace(/\S+@\S+/g, '…')
    .replace(/\bhttps?:\/\/\S+/gi, '…')
    .replace(/\d[\d\s\-./]{1,}\d/g, (run) => (run.replace(/\D/g, '').length >= 3 ? '…' : run))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, EMPTY_SEARCH_MAX)
    .trim();
}
