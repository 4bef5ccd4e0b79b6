import { type FormEvent, useState } from 'react';
import { COMMENT_TEXT_MAX, SAVED_REPLY_TITLE_MAX } from '../../../common/limits.js';
import { REPLY_PLACEHOLDERS } from '../../../common/reply-placeholders.js';
import { api, type Me } from '../api/api.js';
import type { SavedReply } from '../api/saved-replies-api.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { useListScreen } from '../shared/use-list-screen.js';

/**
 * Saved replies: every agent keeps their own; admins also write the shared ones the whole team sees. The
 * placeholders each reply may contain are listed beside the editor.
 */
export function SavedRepliesScreen({ me }: { me: NonNullable<Me['user']> }) {
  // The reply being changed; null: the form writes a new one.
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const { t } = useT();
  const title = t('settings.saved_replies.title');
  const { items: replies, error, status, run } = useListScreen<SavedReply[]>({ path: '/saved-replies/', title });
  const isAdmin = me.role === 'admin';

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const replyTitle = String(data.get('title') ?? '').trim();
    const body = { title: replyTitle, text: String(data.get('text') ?? ''), ...(isAdmin && { shared: data.get('shared') === 'on' }) };
    const saved = await run(
      () => (editing ? api('PATCH', `/saved-replies/${editing.id}`, body) : api('POST', '/saved-replies/', body)),
      editing ? t('settings.saved_replies.saved', { title: replyTitle }) : t('settings.saved_replies.added', { title: replyTitle }),
    );
    if (saved) {
      setEditing(null);
      form.reset();
    }
  };
  const remove = (reply: SavedReply) => {
    if (confirm(t('settings.saved_replies.confirm_delete', { title: reply.title })))
      void run(() => api('DELETE', `/saved-replies/${reply.id}`), t('settings.saved_replies.deleted', { title: reply.title }));
  };

  return (
    <ListScreen
      title={title}
      intro={
        <p className="muted">
          {t('settings.saved_replies.intro')} {isAdmin ? t('settings.saved_replies.intro_admin') : t('settings.saved_replies.intro_agent')}
        </p>
      }
      error={error}
      status={status}
    >
      {replies && replies.length === 0 && <p>{t('settings.saved_replies.none')}</p>}
      {replies && replies.length > 0 && (
        <ListTable columns={[t('settings.title'), t('settings.saved_replies.who'), t('settings.saved_replies.starts_with')]}>
          {replies.map((r) => (
            <tr key={r.id}>
              <td>{r.title}</td>
              <td>{r.shared ? t('settings.saved_replies.everyone') : t('settings.saved_replies.only_you')}</td>
              <td className="muted" dir="auto">
                {r.text.split('\n')[0]}
              </td>
              <td className="row-actions">
                {r.editable && (
                  <>
                    <button type="button" className="button-quiet" onClick={() => setEditing(r)}>
                      {t('settings.edit')}
                      <span className="visually-hidden"> {r.title}</span>
                    </button>
                    <button type="button" className="button-quiet danger" onClick={() => remove(r)}>
                      {t('settings.delete')}
                      <span className="visually-hidden"> {r.title}</span>
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
        <h2 id="saved-reply-form">
          {editing ? t('settings.saved_replies.edit_title', { title: editing.title }) : t('settings.saved_replies.add_title')}
        </h2>
        <div className="field">
          <label htmlFor="saved-reply-title">{t('settings.title')}</label>
          <input id="saved-reply-title" name="title" required maxLength={SAVED_REPLY_TITLE_MAX} defaultValue={editing?.title} />
        </div>
        <div className="field">
          <label htmlFor="saved-reply-text">{t('settings.saved_replies.text')}</label>
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
          <p>{t('settings.saved_replies.placeholders')}</p>
          <ul>
            {REPLY_PLACEHOLDERS.map((p) => (
              <li key={p.name}>
                <code>##{p.name}##</code> — {t(`settings.saved_replies.placeholder.${p.name}`)}
              </li>
            ))}
          </ul>
          <p>{t('settings.saved_replies.other_words')}</p>
        </div>
        {isAdmin && (
          <label className="checkbox-label">
            <input type="checkbox" name="shared" defaultChecked={editing ? editing.shared : false} /> {t('settings.saved_replies.share')}
          </label>
        )}
        <div className="form-actions">
          <button type="submit">{editing ? t('settings.saved_replies.save_changes') : t('settings.saved_replies.add')}</button>
          {editing && (
            <button type="button" className="button-quiet" onClick={() => setEditing(null)}>
              {t('settings.cancel')}
            </button>
          )}
        </div>
      </form>
    </ListScreen>
  );
}
