import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { ApiError, api, type ResponseOf } from './api.js';
import { FormFieldsEditor } from './form-fields-editor.js';
import { GeneralSettings } from './general-settings.js';
import { MailPanel } from './mail-panel.js';
import { Link, navigate } from './router.js';

const GENERAL = 'general';

// Everything on this screen comes from GET /settings/schema (after helpdesk_settings_menus): a tab,
// section or field a site adds appears and saves with no change here. The contract says only that the schema is an
// object (its tabs are the sites' own), so its shape is written here.
export interface SchemaField {
  type: string;
  label: string;
  default: unknown;
  desc?: string;
  options?: Array<{ value: string; label: string }>;
  min?: number;
  max?: number;
}
interface SchemaSection {
  label: string;
  desc: string;
  fields: Record<string, SchemaField>;
}
type Schema = Record<string, { label: string; sections: Record<string, SchemaSection> }>;
type Values = ResponseOf<'getSettings'>;

export function SettingsScreen({ tab }: { tab: string | undefined }) {
  const [schema, setSchema] = useState<Schema | null>(null);
  const [values, setValues] = useState<Values>({});
  const [error, setError] = useState('');
  // Stored secrets the current encryption seed cannot read: the admin must enter them again.
  const [unreadable, setUnreadable] = useState<string[]>([]);
  useEffect(() => {
    Promise.all([
      api<Schema>('GET', '/settings/schema'),
      api<Values>('GET', '/settings'),
      api<{ unreadable: string[] }>('GET', '/settings/secrets'),
    ]).then(
      ([s, v, secrets]) => {
        setSchema(s);
        setValues(v);
        setUnreadable(secrets.unreadable);
      },
      (e: Error) => setError(e.message),
    );
  }, []);
  const tabs = schema ? Object.keys(schema) : [];
  // The core site options (site name, "Anyone can register", colour, time zone) have their own tab,
  // unless a plugin took the slug.
  const general = tab === GENERAL && !schema?.[GENERAL];
  const current = general ? GENERAL : tab && schema?.[tab] ? tab : tabs[0];
  useEffect(() => {
    document.title = `Settings${current && schema ? ` · ${schema[current]?.label ?? 'General'}` : ''} · Helpdesk admin`;
  }, [current, schema]);
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!schema || !current) return <p aria-busy="true">Loading…</p>;
  return (
    <div className="settings">
      <div className="page-head">
        <h1>Settings</h1>
        <a href="settings/classic/" className="muted">
          Classic settings screen
        </a>
      </div>
      {unreadable.length > 0 && (
        <p className="alert" role="alert">
          These stored secrets can no longer be read, because the encryption seed changed:{' '}
          {unreadable.map((path) => fieldLabel(schema, path)).join(', ')}. Enter them again.
        </p>
      )}
      <nav aria-label="Settings tabs" className="status-tabs">
        <ul>
          {tabs.map((slug) => (
            <li key={slug}>
              <Link to={`settings/${slug}`} aria-current={slug === current ? 'page' : undefined}>
                {schema[slug]?.label}
              </Link>
            </li>
          ))}
          {!schema[GENERAL] && (
            <li>
              <Link to={`settings/${GENERAL}`} aria-current={general ? 'page' : undefined}>
                General
              </Link>
            </li>
          )}
        </ul>
      </nav>
      {general ? (
        <GeneralSettings />
      ) : (
        <SettingsTab
          key={current}
          slug={current}
          tab={schema[current] as Schema[string]}
          values={values[current] ?? {}}
          onSaved={(saved) => {
            setValues(saved);
            navigate(`settings/${current}`, { replace: true });
          }}
        />
      )}
      {current === 'emails' && <MailPanel />}
    </div>
  );
}

function SettingsTab({
  slug,
  tab,
  values,
  onSaved,
}: {
  slug: string;
  tab: Schema[string];
  values: Record<string, unknown>;
  onSaved: (v: Values) => void;
}) {
  const [draft, setDraft] = useState<Record<string, unknown>>(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const set = (key: string, value: unknown) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    setProblem('');
    try {
      const saved = await api<Values>('PATCH', '/settings', { [slug]: draft });
      setErrors({});
      setMessage('Settings saved.');
      onSaved(saved);
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(Object.fromEntries((e.problem.errors ?? []).map((f) => [f.field.replace(`${slug}.`, ''), f.detail])));
        setProblem(e.problem.errors?.length ? 'Some fields need fixing.' : e.problem.detail);
      } else setProblem(String(e));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-label={`${tab.label} settings`}>
      {Object.entries(tab.sections).map(([sectionKey, section]) => (
        <section key={sectionKey} className="card" aria-labelledby={`section-${sectionKey}`}>
          <h2 id={`section-${sectionKey}`}>{section.label}</h2>
          {section.desc && <p className="muted">{section.desc}</p>}
          {Object.entries(section.fields).map(([key, field]) => (
            <SettingField
              key={key}
              id={`setting-${slug}-${key}`}
              field={field}
              value={draft[key] ?? field.default}
              error={errors[key]}
              onChange={(v) => set(key, v)}
            />
          ))}
        </section>
      ))}
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit">Save {tab.label.toLowerCase()} settings</button>
        <span role="status" className="saved">
          {message}
        </span>
      </div>
    </form>
  );
}

function SettingField({
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
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'form_fields':
      control = <FormFieldsEditor id={id} value={Array.isArray(value) ? value : []} onChange={onChange} />;
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
      {field.type === 'form_fields' ? (
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

/** "ai.api_key" → "AI → API key", from the schema. */
function fieldLabel(schema: Schema, path: string): string {
  const [tab = '', key = ''] = path.split('.');
  const field = Object.values(schema[tab]?.sections ?? {}).find((section) => key in section.fields)?.fields[key];
  return field ? `${schema[tab]?.label} → ${field.label}` : path;
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
