import { type FormEvent, useState } from 'react';
import type { Tag } from '../api/api.js';
import { TagChip } from '../shared/tag-chip.js';

/** A ticket's tags as chips with a remove button each, and a field that adds one (a new name makes a new tag). */
export function TicketTagsEditor({ tags, known, onChange }: { tags: Tag[]; known: Tag[]; onChange: (names: string[]) => void }) {
  const [name, setName] = useState('');
  const names = tags.map((t) => t.name);
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = name.trim();
    if (!typed) return;
    setName('');
    if (!names.some((n) => n.toLowerCase() === typed.toLowerCase())) onChange([...names, typed]);
  };
  return (
    <div className="ticket-tags">
      <h3 id="ticket-tags-heading">Tags</h3>
      {tags.length === 0 ? (
        <p className="muted">No tags.</p>
      ) : (
        <ul className="tag-list" aria-labelledby="ticket-tags-heading">
          {tags.map((t) => (
            <li key={t.id}>
              <TagChip tag={t}>
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={`Remove tag ${t.name}`}
                  onClick={() => onChange(names.filter((n) => n !== t.name))}
                >
                  ×
                </button>
              </TagChip>
            </li>
          ))}
        </ul>
      )}
      <form className="tag-add" onSubmit={onAdd}>
        <label htmlFor="ticket-tag-add">Add a tag</label>
        <input id="ticket-tag-add" list="ticket-tag-names" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        <datalist id="ticket-tag-names">
          {known
            .filter((t) => !names.includes(t.name))
            .map((t) => (
              <option key={t.id} value={t.name} />
            ))}
        </datalist>
        <button type="submit">Add</button>
      </form>
    </div>
  );
}
