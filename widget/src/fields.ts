import { TICKET_FIELD_LIMITS as L } from '../../common/limits.js';
import type { ChoiceKind } from './api.js';

/** One form field; `name` is also the parameter name on the wire. */
export interface FieldSpec {
  name: string;
  label: string;
  required?: true;
  /** maxlength, from the limits the server's schema also enforces. */
  max?: number;
  type?: 'email';
  multiline?: true;
  choices?: ChoiceKind;
  autocomplete?: string;
}

/** The fixed field set of spec §2, in display order. */
export const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Your Name', required: true, max: L.name, autocomplete: 'name' },
  { name: 'email', label: 'Your Email', required: true, max: L.email, type: 'email', autocomplete: 'email' },
  { name: 'subject', label: 'Subject', required: true, max: L.subject },
  { name: 'description', label: 'Description', required: true, max: L.description, multiline: true },
  { name: 'product', label: 'Product', choices: 'products' },
  { name: 'reason', label: 'Reason', choices: 'reasons' },
  { name: 'urgency', label: 'Urgency', choices: 'urgencies' },
  { name: 'order_id', label: 'Order ID', max: L.order_id },
];
