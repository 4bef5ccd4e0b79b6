import { type Message, message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { isMultiLineText, isSingleLineText, MULTI_LINE_RULE, SINGLE_LINE_RULE } from '../domain/text-rules.js';
import { AppError, type FieldError, fieldError } from '../errors.js';
import { translatorFor } from '../i18n/translators.js';
import { getTicketFormFields } from '../settings/get-ticket-form-fields.js';
import { ticketFormInputName, ticketFormLimit } from '../site/pages/content/ticket-form-limit.js';

/**
 * The owner's form rules on a submission to `POST /tickets/`, the same the widget and the help site's
 * form show: every required field present (a 400 naming it by its input name and label), custom fields
 * checked by type and returned as ticket meta (`custom_<key>`). The built-in fields' own types and
 * limits stay with the route's schema. The problems are worded in `language` (the filer's; English without one).
 */
export async function checkTicketForm(
  ctx: DomainContext,
  body: Record<string, unknown>,
  language?: string | null,
): Promise<Record<string, string>> {
  const { t } = translatorFor(language);
  const fields = await getTicketFormFields(ctx);
  const errors: FieldError[] = [];
  const meta: Record<string, string> = {};
  for (const field of fields) {
    const name = ticketFormInputName(field);
    const raw = body[name];
    const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : raw === true ? '1' : '';
    if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      errors.push(fieldError(name, t('widget.check.send_text', { label: field.label })));
      continue;
    }
    if (!value) {
      if (field.required) errors.push(fieldError(name, t('widget.check.required', { label: field.label })));
      continue;
    }
    if (field.builtin) continue;
    const problem = customProblem(field.type, value, field.options ?? [], ticketFormLimit(field));
    if (problem) errors.push(fieldError(name, t(problem.key, { label: field.label, ...problem.values })));
    else meta[name] = field.type === 'checkbox' ? '1' : value;
  }
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', errors.map((e) => e.detail).join(' '), errors);
  }
  return meta;
}

function customProblem(type: string, value: string, options: string[], max: number): Message | undefined {
  if (type === 'checkbox') return ['1', 'true', 'on', 'yes'].includes(value) ? undefined : message('widget.check.checkbox');
  if (type === 'select') return options.includes(value) ? undefined : message('widget.check.choose', { options: options.join(', ') });
  if (value.length > max) return message('widget.check.too_long', { max });
  if (type === 'textarea') return isMultiLineText(value) ? undefined : message('widget.check.rule', { rule: MULTI_LINE_RULE });
  return isSingleLineText(value) ? undefined : message('widget.check.rule', { rule: SINGLE_LINE_RULE });
}
