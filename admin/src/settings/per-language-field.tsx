import { LANGUAGE_NAMES, SHIPPED_LANGUAGES } from '../../../common/i18n/languages.js';
import type { SchemaField } from './settings-schema.js';

/**
 * A `per_language` setting: one input (or, with `options`, one list) per shipped language, each labelled by the
 * language's own name and showing the built-in text of that language while empty. An empty language is left out
 * of the value, so the built-in text stays.
 */
export function PerLanguageField({
  id,
  field,
  value,
  onChange,
}: {
  id: string;
  field: SchemaField & { placeholders?: Record<string, string> };
  value: unknown;
  onChange: (value: Record<string, string>) => void;
}) {
  const values = (typeof value === 'object' && value !== null ? value : {}) as Record<string, string>;
  const set = (language: string, text: string) => {
    const next = { ...values, [language]: text };
    if (text === '') delete next[language];
    onChange(next);
  };
  return (
    <fieldset className="per-language" aria-labelledby={`${id}-label`} aria-describedby={field.desc ? `${id}-desc` : undefined}>
      {SHIPPED_LANGUAGES.map((language) => {
        const inputId = `${id}-${language}`;
        return (
          <div key={language} className="per-language-row">
            <label htmlFor={inputId} lang={language}>
              {LANGUAGE_NAMES[language]}
            </label>
            {field.options ? (
              <select id={inputId} value={values[language] ?? ''} onChange={(e) => set(language, e.target.value)}>
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                type="text"
                lang={language}
                dir="auto"
                value={values[language] ?? ''}
                placeholder={field.placeholders?.[language]}
                onChange={(e) => set(language, e.target.value)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
