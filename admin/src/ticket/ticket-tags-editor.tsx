import { type FormEvent, useState } from 'react';
import type { Tag } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { TagChip } from '../shared/tag-chip.js';

/** A ticket's tags as chips with a remove button each, and a field that adds one (a new name makes a new tag). */
export function TicketTagsEditor({ tags, known, onChange }: { tags: Tag[]; known: Tag[]; onChange: (names: string[]) => void }) {
  const { t } = useT();
  const [name, setName] = useState('');
  const names = tags.map((tag) => tag.name);
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = name.trim();
    if (!typed) return;
    setName('');
    if (!names.some((n) => n.toLowerCase() === typed.toLowerCase())) onChange([...names, typed]);
  };
  return (
    <div className="ticket-tags">
      <h3 id="ticket-tags-heading">{t('admin.ticket.tags')}</h3>
      {tags.length === 0 ? (
        <p className="muted">{t('admin.ticket.noTags')}</p>
      ) : (
        <ul className="tag-list" aria-labelledby="ticket-tags-heading">
          {tags.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag}>
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={t('admin.ticket.removeTag', { tag: tag.name })}
                  onClick={() => onChange(names.filter((n) => n !== tag.name))}
                >
                  ×
                </button>
              </TagChip>
            </li>
          ))}
        </ul>
      )}
      <form className="tag-add" onSubmit={onAdd}>
        <label htmlFor="ticket-tag-add">{t('admin.ticket.addTagLabel')}</label>
        <input id="ticket-tag-add" list="ticket-tag-names" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        <datalist id="ticket-tag-names">
          {known
            .filter((tag) => !names.includes(tag.name))
            .map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
        </datalist>
        <button type="submit">{t('admin.ticket.add')}</button>
      </form>
    </div>
  );
}
