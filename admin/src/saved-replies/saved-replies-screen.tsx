import { type FormEvent, useState } from 'react';
import { COMMENT_TEXT_MAX, SAVED_REPLY_TITLE_MAX } from '../../../common/limits.js';
import { REPLY_PLACEHOLDERS } from '../../../common/reply-placeholders.js';
import { api, type Me } from '../api/api.js';
import type { SavedReply } from '../api/saved-replies-api.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { useListScreen } from '../shared/use-list-screen.js';

/**
 * Saved replies: every agent keeps their own; admins also write the shared ones the whole team sees. The
 * placeholders each reply may contain are listed beside the editor.
 */
export function SavedRepliesScreen({ me }: { me: NonNullable<Me['user']> }) {
  // The reply being changed; null: the form writes a new one.
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const { items: replies, error, status, run } = useListScreen<SavedReply[]>({ path: '/saved-replies/', title: 'Saved replies' });
  const isAdmin = me.role === 'admin';

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const title = String(data.get('title') ?? '').trim();
    const body = { title, text: String(data.get('text') ?? ''), ...(isAdmin && { shared: data.get('shared') === 'on' }) };
    const saved = await run(
      () => (editing ? api('PATCH', `/saved-replies/${editing.id}`, body) : api('POST', '/saved-replies/', body)),
      editing ? `Saved reply ${title} saved.` : `Saved reply ${title} added.`,
    );
    if (saved) {
      setEditing(null);
      form.reset();
    }
  };
  const remove = (reply: SavedReply) => {
    if (confirm(`Delete the saved reply "${reply.title}"?`))
      void run(() => api('DELETE', `/saved-replies/${reply.id}`), `Saved reply ${reply.title} deleted.`);
  };

  return (
    <ListScreen
      title="Saved replies"
      intro={
        <p className="muted">
          Insert them while answering: type / at the start of a line in the reply, or use the Saved replies button.
          {isAdmin ? ' Shared replies are for the whole team; the others are yours alone.' : ' Admins write the shared ones.'}
        </p>
      }
      error={error}
      status={status}
    >
      {replies && replies.length === 0 && <p>No saved replies yet.</p>}
      {replies && replies.length > 0 && (
        <ListTable columns={['Title', 'Who sees it', 'Starts with']}>
          {replies.map((r) => (
            <tr key={r.id}>
              <td>{r.title}</td>
              <td>{r.shared ? 'Everyone (shared)' : 'Only you'}</td>
              <td className="muted">{r.text.split('\n')[0]}</td>
              <td className="row-actions">
                {r.editable && (
                  <>
                    <button type="button" className="button-quiet" onClick={() => setEditing(r)}>
                      Edit<span className="visually-hidden"> {r.title}</span>
                    </button>
                    <button type="button" className="button-quiet danger" onClick={() => remove(r)}>
                      Delete<span className="visually-hidden"> {r.title}</span>
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {/* A new key per reply: the uncontrolled fields start from the chosen reply's values. */}
      <form key={editing?.id ?? 'new'} className="card editor" onSubmit={save} aria-labelledby="saved-reply-form">
        <h2 id="saved-reply-form">{editing ? `Edit "${editing.title}"` : 'Add a saved reply'}</h2>
        <div className="field">
          <label htmlFor="saved-reply-title">Title</label>
          <input id="saved-reply-title" name="title" required maxLength={SAVED_REPLY_TITLE_MAX} defaultValue={editing?.title} />
        </div>
        <div className="field">
          <label htmlFor="saved-reply-text">Reply (Markdown)</label>
          <textarea
            id="saved-reply-text"
            name="text"
            required
            rows={8}
            maxLength={COMMENT_TEXT_MAX}
            defaultValue={editing?.text}
            aria-describedby="saved-reply-placeholders"
          />
        </div>
        <div id="saved-reply-placeholders" className="hint">
          <p>These words are replaced with the ticket's details when the reply is inserted:</p>
          <ul>
            {REPLY_PLACEHOLDERS.map((p) => (
              <li key={p.name}>
                <code>##{p.name}##</code> — {p.meaning}
              </li>
            ))}
          </ul>
          <p>Any other ##word## stays as typed.</p>
        </div>
        {isAdmin && (
          <label className="checkbox-label">
            <input type="checkbox" name="shared" defaultChecked={editing ? editing.shared : false} /> Share with the whole team
          </label>
        )}
        <div className="form-actions">
          <button type="submit">{editing ? 'Save changes' : 'Add saved reply'}</button>
          {editing && (
            <button type="button" className="button-quiet" onClick={() => setEditing(null)}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </ListScreen>
  );
}
