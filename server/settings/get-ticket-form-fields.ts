import type { DomainContext } from '../domain/context.js';
import { getCoreSettings } from './core-settings.js';
import type { TicketFormField } from './schema-types.js';
import { refuseInsideMenusFilter } from './settings.js';

/** The ticket-form-fields getter (Tickets → Form fields). */
export async function getTicketFormFields(ctx: DomainContext): Promise<TicketFormField[]> {
  // i18n-exempt: a developer's misuse, thrown to the site code's author
  refuseInsideMenusFilter('The ticket-form-fields getter (getTicketFormFields)');
  // A fresh list (of the shared, frozen fields): callers may add to it.
  return [...(await getCoreSettings(ctx)).tickets.form_fields];
}
