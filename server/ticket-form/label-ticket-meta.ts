import { english } from '../i18n/translators.js';
import type { TicketFormField } from '../settings/schema-types.js';

/** The meta key the built-in "Order ID" field is stored under (create-ticket.ts). */
const ORDER_META_KEY = 'order';
const ORDER_FIELD_KEY = 'order_id';

/**
 * The label each of a ticket's form meta values is shown under: the one the owner gives its field in
 * Tickets → Form fields now, so a renamed field reads as the owner renamed it (staff see the form's words,
 * not its keys). A value whose field was removed from the form since keeps a readable name made from its
 * key; "Order ID" keeps its own name.
 */
export function labelTicketMeta(fields: readonly TicketFormField[], meta: Readonly<Record<string, string>>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const key of Object.keys(meta)) {
    const field =
      key === ORDER_META_KEY
        ? fields.find((f) => f.builtin === true && f.key === ORDER_FIELD_KEY)
        : key.startsWith('custom_')
          ? fields.find((f) => f.builtin !== true && `custom_${f.key}` === key)
          : undefined;
    labels[key] = field?.label.trim() || (key === ORDER_META_KEY ? english.t('widget.field.order_id') : humaniseKey(key));
  }
  return labels;
}

/** "custom_site_url" → "Site url". */
function humaniseKey(key: string): string {
  const words = key
    .replace(/^custom_/, '')
    .replace(/_/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
