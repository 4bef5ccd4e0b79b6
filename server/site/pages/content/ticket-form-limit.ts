import { CUSTOM_TICKET_FIELD_LIMITS, TICKET_FIELD_LIMITS } from '../../../../common/limits.js';
import type { TicketFormField } from '../../../settings/schema-types.js';

/**
 * The most characters an input of the help site's new-ticket form may hold: the API's limit for the
 * built-in fields, so the form and `POST /tickets/` accept the same text; the custom fields' limits
 * otherwise. The page's maxlength and the route's check both come from here.
 */
export function ticketFormLimit(field: Pick<TicketFormField, 'key' | 'builtin' | 'type'>): number {
  const builtin = field.builtin ? (TICKET_FIELD_LIMITS as Record<string, number>)[field.key] : undefined;
  return builtin ?? (field.type === 'textarea' ? CUSTOM_TICKET_FIELD_LIMITS.textarea : CUSTOM_TICKET_FIELD_LIMITS.text);
}

/** The name a new-ticket form field is posted under: its key for the built-in fields, `custom_<key>` otherwise. */
export function ticketFormInputName(field: Pick<TicketFormField, 'key' | 'builtin'>): string {
  return field.builtin ? field.key : `custom_${field.key}`;
}
