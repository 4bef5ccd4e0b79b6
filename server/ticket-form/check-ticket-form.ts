import { type Message, message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { isMultiLineText, isSingleLineText, MULTI_LINE_RULE, SINGLE_LINE_RULE } from '../domain/text-rules.js';
import { AppError, type FieldError, fieldError, renderProblemText } from '../errors.js';
import { getTicketFormFields } from '../settings/get-ticket-form-fields.js';
import { formFieldLabel } from '../settings/translate-schema.js';
import { ticketFormInputName, ticketFormLimit } from '../site/pages/content/ticket-form-limit.js';

/**
 * The owner's form rules on a submission to `POST /tickets/`, the same the widget and the help site's
 * form show: every required field present (a 400 naming it by its input name and label), custom fields
 * checked by type and returned as ticket meta (`custom_<key>`). The built-in fields' own types and
 * limits stay with the route's schema.
 * The problems are worded in the reader's language when the answer is made (a built-in field by its label there).
 */
export async function checkTicketForm(ctx: DomainContext, body: Record<string, unknown>): Promise<Record<string, string>> {
  const fields = await getTicketFormFields(ctx);
  const errors: FieldError[] = [];
  const meta: Record<string, string> = {};
  for (const field of fields) {
    const name = ticketFormInputName(field);
    const raw = body[name];
    const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : raw === true ? '1' : '';
    if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      errors.push(fieldError(name, (t) => t.t('problems.form.send_text', { label: formFieldLabel(field, t, 'filer') })));
      continue;
    }
    if (!value) {
      if (field.required) errors.push(fieldError(name, (t) => t.t('problems.form.required', { label: formFieldLabel(field, t, 'filer') })));
      continue;
    }
    if (field.builtin) continue;
    const problem = customProblem(field.type, value, field.options ?? [], ticketFormLimit(field));
    if (problem)
      errors.push(
        fieldError(name, (t) =>
          t.t('problems.form.field_problem', { label: formFieldLabel(field, t, 'filer'), problem: t.render(problem) }),
        ),
      );
    else meta[name] = field.type === 'checkbox' ? '1' : value;
  }
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', (t) => errors.map((e) => renderProblemText(t, e.detail)).join(' '), errors);
  }
  return meta;
}

function customProblem(type: string, value: string, options: string[], max: number): Message | undefined {
  if (type === 'checkbox') return ['1', 'true', 'on', 'yes'].includes(value) ? undefined : message('problems.form.checkbox');
  if (type === 'select') return options.includes(value) ? undefined : message('problems.form.choose', { options: options.join(', ') });
  if (value.length > max) return message('problems.form.max', { max });
  if (type === 'textarea') return isMultiLineText(value) ? undefined : MULTI_LINE_RULE;
  return isSingleLineText(value) ? undefined : SINGLE_LINE_RULE;
}
