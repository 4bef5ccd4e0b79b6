import { message } from '../../../common/i18n/translator.js';
import { CUSTOM_ATTRIBUTES } from '../../../common/limits.js';
import { AppError, type FieldError, fieldError, fieldsDetail } from '../../errors.js';
import { isMultiLineText, isSingleLineText } from '../text-rules.js';

/**
 * A client's or an organisation's custom attributes as stored: names trimmed, each one line and used once whatever
 * its case ("Plan" and "plan" would show as two rows people take for one), values within their length. Every
 * broken rule is named in one 400 (`attributes.<name>`), so the editor can mark each row; nothing is saved.
 */
export function checkAttributes(attributes: Record<string, string>): Record<string, string> {
  const errors: FieldError[] = [];
  const checked: Record<string, string> = {};
  const seen = new Set<string>();
  const entries = Object.entries(attributes);
  if (entries.length > CUSTOM_ATTRIBUTES.max)
    errors.push(fieldError('attributes', message('problems.attributes.too_many', { limit: CUSTOM_ATTRIBUTES.max })));
  for (const [raw, value] of entries) {
    const name = raw.trim();
    const field = `attributes.${name || raw}`;
    if (name === '') errors.push(fieldError('attributes', message('problems.attributes.name_blank')));
    else if (!isSingleLineText(name)) errors.push(fieldError(field, message('problems.attributes.name_line')));
    else if (name.length > CUSTOM_ATTRIBUTES.nameMax)
      errors.push(fieldError(field, message('problems.attributes.name_long', { limit: CUSTOM_ATTRIBUTES.nameMax })));
    else if (seen.has(name.toLowerCase())) errors.push(fieldError(field, message('problems.attributes.name_twice', { name })));
    if (value.length > CUSTOM_ATTRIBUTES.valueMax)
      errors.push(fieldError(field, message('problems.attributes.value_long', { limit: CUSTOM_ATTRIBUTES.valueMax })));
    else if (!isMultiLineText(value)) errors.push(fieldError(field, message('problems.rule.multi_line')));
    seen.add(name.toLowerCase());
    checked[name] = value;
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', fieldsDetail(errors), errors);
  return checked;
}
