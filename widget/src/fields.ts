import type { ChoiceKind } from './api.js';

/** One form field; `name` is also the parameter name on the wire. */
export interface FieldSpec {
  name: string;
  label: string;
  required?: true;
  /** maxlength; the server enforces the same limits. */
  max?: number;
  type?: 'email';
  multiline?: true;
  choices?: ChoiceKind;
  autocomplete?: string;
}

/** The fixed field set of spec §2, in display order. */
export const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Your Name', required: true, max: 200, autocomplete: 'name' },
  { name: 'email', label: 'Your Email', required: true, max: 254, type: 'email', autocomplete: 'email' },
  { name: 'subject', label: 'Subject', required: true, max: 200 },
  { name: 'description', label: 'Description', required: true, max: 20_000, multiline: true },
  { name: 'product', label: 'Product', choices: 'products' },
  { name: 'reason', label: 'Reason', choices: 'reasons' },
  { name: 'urgency', label: 'Urgency', choices: 'urgencies' },
  { name: 'order_id', label: 'Order ID', max: 100 },
];
