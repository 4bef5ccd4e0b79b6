import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, api } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';
import { SettingField } from './setting-field.js';
import type { Schema, Values } from './settings-schema.js';

/** One tab of the settings: its sections and fields as the schema describes them, saved together. */
export function SettingsTab({
  slug,
  tab,
  values,
  onSaved,
  sectionExtras = {},
}: {
  slug: string;
  tab: Schema[string];
  values: Record<string, unknown>;
  onSaved: (v: Values) => void;
  /** What a section shows below its fields, given the values typed (Privacy → Retention's preview). */
  sectionExtras?: Record<string, (draft: Record<string, unknown>) => ReactNode>;
}) {
  const { t, language } = useT();
  // English writes "Save tickets settings"; other languages keep the tab's name as it is written.
  const tabName = language === 'en' ? tab.label.toLowerCase() : tab.label;
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
      setMessage(t('settings.tab_form.saved'));
      onSaved(saved);
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(Object.fromEntries((e.problem.errors ?? []).map((f) => [f.field.replace(`${slug}.`, ''), f.detail])));
        setProblem(e.problem.errors?.length ? t('settings.tab_form.fix_fields') : e.problem.detail);
      } else setProblem(problemText(e));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-label={t('settings.tab_form.label', { tab: tab.label })}>
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
          {sectionExtras[sectionKey]?.(draft)}
        </section>
      ))}
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit">{t('settings.tab_form.save', { tab: tabName })}</button>
        <span role="status" className="saved">
          {message}
        </span>
      </div>
    </form>
  );
}
