import type { ReactNode } from 'react';
import { FormFieldsEditor } from './form-fields-editor.js';
import { PerLanguageField } from './per-language-field.js';
import type { SchemaField } from './settings-schema.js';

/** One setting's control, chosen by its schema type, with its description and error. */
export function SettingField({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: SchemaField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}) {
  const described = [field.desc ? `${id}-desc` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined };
  let control: ReactNode;
  switch (field.type) {
    case 'checkbox':
      return (
        <div className="field">
          <label className="checkbox-label" htmlFor={id}>
            <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {field.label}
          </label>
          <FieldNotes id={id} desc={field.desc} error={error} />
        </div>
      );
    case 'textarea':
      control = <textarea {...common} value={String(value ?? '')} rows={6} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'number':
      control = (
        <input
          type="number"
          {...common}
          value={typeof value === 'number' ? value : ''}
          min={field.min}
          max={field.max}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
      break;
    case 'select':
      control = (
        <select {...common} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'form_fields':
      control = <FormFieldsEditor id={id} value={Array.isArray(value) ? value : []} onChange={onChange} />;
      break;
    case 'per_language':
      control = <PerLanguageField id={id} field={field} value={value} onChange={onChange} />;
      break;
    default: {
      const type = field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : field.type === 'secret' ? 'password' : 'text';
      control = (
        <input
          type={type}
          {...common}
          value={String(value ?? '')}
          autoComplete={type === 'password' ? 'new-password' : 'off'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
  }
  return (
    <div className="field">
      {field.type === 'form_fields' || field.type === 'per_language' ? (
        <p className="label" id={`${id}-label`}>
          {field.label}
        </p>
      ) : (
        <label htmlFor={id}>{field.label}</label>
      )}
      {control}
      <FieldNotes id={id} desc={field.desc} error={error} />
    </div>
  );
}

/** The field's description and its error, under the ids its control's aria-describedby names. */
function FieldNotes({ id, desc, error }: { id: string; desc?: string; error?: string }) {
  return (
    <>
      {desc && (
        <p id={`${id}-desc`} className="hint">
          {desc}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
