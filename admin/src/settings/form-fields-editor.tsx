// The Tickets → Form fields editor: the built-in fields can be relabelled and made optional, custom ones
// added and removed. The values are the server's own TicketFormField (a type-only import, erased by the build).

import type { MessageKey } from '../../../common/i18n/message-keys.js';
import type { TicketFormField as FormField } from '../../../server/settings/schema-types.js';
import { useT } from '../i18n/i18n.js';

const TYPES: FormField['type'][] = ['text', 'textarea', 'select', 'checkbox'];
const TYPE_NAMES = {
  text: 'settings.form_fields.type.text',
  textarea: 'settings.form_fields.type.textarea',
  select: 'settings.form_fields.type.select',
  checkbox: 'settings.form_fields.type.checkbox',
} as const satisfies Record<FormField['type'], MessageKey>;

export function FormFieldsEditor({ id, value, onChange }: { id: string; value: FormField[]; onChange: (value: FormField[]) => void }) {
  const { t } = useT();
  const update = (index: number, changes: Partial<FormField>) => onChange(value.map((f, i) => (i === index ? { ...f, ...changes } : f)));
  const add = () => {
    let n = value.length + 1;
    while (value.some((f) => f.key === `field_${n}`)) n += 1;
    onChange([...value, { key: `field_${n}`, label: t('settings.form_fields.new_field'), type: 'text', required: false }]);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot hold the table layout the editor needs; the group role names it
    <div className="form-fields" role="group" aria-labelledby={`${id}-label`}>
      {/* Six columns do not fit a phone: the table scrolls inside its box, the page does not. */}
      <div className="wide-table">
        <table className="plain-table">
          <thead>
            <tr>
              <th scope="col">{t('settings.form_fields.key')}</th>
              <th scope="col">{t('settings.form_fields.label')}</th>
              <th scope="col">{t('settings.form_fields.type')}</th>
              <th scope="col">{t('settings.form_fields.options')}</th>
              <th scope="col">{t('settings.form_fields.required')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('settings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {value.map((field, index) => {
              const rowId = `${id}-${index}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: keys change and repeat mid-typing, so the position is the row's identity
                <tr key={index}>
                  <td>
                    {field.builtin ? (
                      <code>{field.key}</code>
                    ) : (
                      <input
                        aria-label={t('settings.form_fields.key_of', { n: index + 1 })}
                        id={`${rowId}-key`}
                        value={field.key}
                        onChange={(e) => update(index, { key: e.target.value })}
                      />
                    )}
                  </td>
                  <td>
                    <input
                      aria-label={t('settings.form_fields.label_of', { key: field.key })}
                      value={field.label}
                      onChange={(e) => update(index, { label: e.target.value })}
                    />
                  </td>
                  <td>
                    {field.builtin ? (
                      t(TYPE_NAMES[field.type])
                    ) : (
                      <select
                        aria-label={t('settings.form_fields.type_of', { key: field.key })}
                        value={field.type}
                        onChange={(e) => update(index, { type: e.target.value as FormField['type'] })}
                      >
                        {TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(TYPE_NAMES[type])}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td>
                    {!field.builtin && field.type === 'select' ? (
                      <input
                        aria-label={t('settings.form_fields.options_of', { key: field.key })}
                        value={(field.options ?? []).join(', ')}
                        onChange={(e) =>
                          update(index, {
                            options: e.target.value
                              .split(',')
                              .map((o) => o.trim())
                              .filter(Boolean),
                          })
                        }
                      />
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('settings.form_fields.required_of', { key: field.key })}
                      checked={field.required}
                      disabled={field.key === 'subject' || field.key === 'description'}
                      onChange={(e) => update(index, { required: e.target.checked })}
                    />
                  </td>
                  <td>
                    {!field.builtin && (
                      <button type="button" className="button-quiet" onClick={() => onChange(value.filter((_, i) => i !== index))}>
                        {t('settings.form_fields.remove')}
                        <span className="visually-hidden"> {field.key}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button type="button" className="button-secondary" onClick={add}>
        {t('settings.form_fields.add')}
      </button>
    </div>
  );
}
