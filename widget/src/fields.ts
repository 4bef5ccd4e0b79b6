import { TICKET_FIELD_LIMITS as L } from '../../common/limits.js';
import type { ChoiceKind } from './api.js';

/** One form field; `name` is also the parameter name on the wire, and its label's key (`field.<name>`). */
export interface FieldSpec {
  name: 'name' | 'email' | 'subject' | 'description' | 'product' | 'reason' | 'urgency' | 'order_id';
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
  { name: 'name', required: true, max: L.name, autocomplete: 'name' },
  { name: 'email', required: true, max: L.email, type: 'email', autocomplete: 'email' },
  { name: 'subject', required: true, max: L.subject },
  { name: 'description', required: true, max: L.description, multiline: true },
  { name: 'product', choices: 'products' },
  { name: 'reason', choices: 'reasons' },
  { name: 'urgency', choices: 'urgencies' },
  { name: 'order_id', max: L.order_id },
];
