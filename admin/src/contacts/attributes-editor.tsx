import { type FormEvent, useState } from 'react';
import { CUSTOM_ATTRIBUTES } from '../../../common/limits.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';

type Row = { key: number; name: string; value: string };

let nextKey = 0;
const rowsOf = (attributes: Record<string, string>): Row[] =>
  Object.entries(attributes).map(([name, value]) => ({ key: nextKey++, name, value }));

/**
 * A client's or an organisation's custom attributes as name/value rows, saved together (the object replaces the
 * old one). A row with neither name nor value is left out; a value without a name and a name used twice are said
 * here before anything is sent; the server's rules (server/domain/people/check-attributes.ts) have the last word.
 */
export function AttributesEditor({
  attributes,
  onSave,
}: {
  attributes: Record<string, string>;
  onSave: (attributes: Record<string, string>) => Promise<unknown>;
}) {
  const { t } = useT();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(attributes));
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const change = (key: number, part: 'name' | 'value', text: string) =>
    setRows((now) => now.map((row) => (row.key === key ? { ...row, [part]: text } : row)));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const kept: Record<string, string> = {};
    const seen = new Set<string>();
    for (const [i, row] of rows.entries()) {
      const name = row.name.trim();
      if (name === '' && row.value === '') continue;
      if (name === '') return fail(t('contacts.attributes.nameBlank', { n: i + 1 }));
      if (seen.has(name.toLowerCase())) return fail(t('contacts.attributes.nameTwice', { name }));
      seen.add(name.toLowerCase());
      kept[name] = row.value;
    }
    try {
      await onSave(kept);
      setRows(rowsOf(kept));
      setProblem('');
      setSaid(t('contacts.attributes.saved'));
    } catch (failure) {
      fail(problemText(failure));
    }
  };
  const fail = (text: string) => {
    setSaid('');
    setProblem(text);
  };
  const full = rows.length >= CUSTOM_ATTRIBUTES.max;

  return (
    <form className="card attributes-editor" onSubmit={save} aria-labelledby="attributes-heading" data-testid="attributes">
      <h2 id="attributes-heading">{t('contacts.attributes.heading')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('contacts.attributes.none')}</p>
      ) : (
        <div className="attribute-rows">
          <div className="attribute-row attribute-head" aria-hidden="true">
            <span>{t('contacts.attributes.name')}</span>
            <span>{t('contacts.attributes.value')}</span>
          </div>
          {rows.map((row, i) => (
            <div className="attribute-row" key={row.key}>
              <input
                aria-label={t('contacts.attributes.nameOf', { n: i + 1 })}
                value={row.name}
                maxLength={CUSTOM_ATTRIBUTES.nameMax}
                dir="auto"
                onChange={(e) => change(row.key, 'name', e.target.value)}
              />
              <input
                aria-label={t('contacts.attributes.valueOf', { n: i + 1 })}
                value={row.value}
                maxLength={CUSTOM_ATTRIBUTES.valueMax}
                dir="auto"
                onChange={(e) => change(row.key, 'value', e.target.value)}
              />
              <button
                type="button"
                className="link-button"
                aria-label={t('contacts.attributes.removeRow', { n: i + 1 })}
                onClick={() => setRows((now) => now.filter((r) => r.key !== row.key))}
              >
                {t('contacts.attributes.remove')}
              </button>
            </div>
          ))}
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <p role="status" aria-live="polite" className={said ? '' : 'visually-hidden'}>
        {said}
      </p>
      <p className="attribute-actions">
        <button
          type="button"
          className="button-secondary"
          disabled={full}
          onClick={() => setRows((now) => [...now, { key: nextKey++, name: '', value: '' }])}
        >
          {t('contacts.attributes.add')}
        </button>{' '}
        <button type="submit">{t('contacts.attributes.save')}</button>
      </p>
      {full && <p className="muted">{t('contacts.attributes.tooMany', { max: CUSTOM_ATTRIBUTES.max })}</p>}
    </form>
  );
}
