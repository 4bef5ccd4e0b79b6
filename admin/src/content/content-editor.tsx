import { type FormEvent, useEffect, useState } from 'react';
import { api, type Lookups, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { MarkdownPreview } from '../shared/markdown-preview.js';
import { useListScreen } from '../shared/use-list-screen.js';

type Post = ResponseOf<'listPosts'>[number];
type AssignmentMode = NonNullable<ResponseOf<'getProductAssignment'>['mode']>;
const MODES: AssignmentMode[] = ['off', 'round_robin', 'fewest_open'];

/** Docs and products: list, create, edit, delete. */
export function ContentEditor({
  kind,
  lookups,
  onChanged,
  isAdmin = false,
}: {
  kind: 'docs' | 'products';
  lookups: Lookups;
  onChanged: () => void;
  /** Admins set a product's own fair-assignment mode. */
  isAdmin?: boolean;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState<Post | 'new' | null>(null);
  const title = kind === 'docs' ? t('settings.content.docs') : t('settings.content.products');
  const path = `/posts/?type=${kind === 'docs' ? 'doc' : 'product'}`;
  const { items, error, run, reload } = useListScreen<Post[]>({ path, title, onChanged });
  // A new kind closes the form of the other one.
  useEffect(() => setEditing(null), [kind]);

  const remove = (item: Post) => {
    if (confirm(t('settings.content.confirm_delete', { title: item.title })))
      void run(() => api('DELETE', `/${kind}/${item.id}`), t('settings.content.deleted', { title: item.title }));
  };
  const newButton = (
    <button type="button" onClick={() => setEditing('new')}>
      {kind === 'docs' ? t('settings.content.new_doc') : t('settings.content.new_product')}
    </button>
  );
  return (
    <ListScreen title={title} actions={newButton} error={error}>
      {editing && (
        <PostForm
          kind={kind}
          post={editing === 'new' ? null : editing}
          lookups={lookups}
          withAssignment={isAdmin && kind === 'products'}
          onDone={async () => {
            setEditing(null);
            await reload();
            onChanged();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {items && items.length === 0 && <p className="empty">{t('settings.content.empty')}</p>}
      {items && items.length > 0 && (
        <ListTable
          columns={[
            kind === 'docs' ? t('settings.title') : t('settings.name'),
            t('settings.content.slug'),
            t('settings.content.visibility'),
            ...(kind === 'docs' ? [t('settings.content.product')] : []),
          ]}
        >
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.title}</td>
              <td>
                <code>{item.slug}</code>
              </td>
              <td>{item.status === 'publish' ? t('settings.content.published') : t('settings.content.draft')}</td>
              {kind === 'docs' && <td>{lookups.products.find((p) => p.id === item.product)?.name ?? '—'}</td>}
              <td className="row-actions">
                <button type="button" className="button-quiet" onClick={() => setEditing(item)}>
                  {t('settings.edit')}
                  <span className="visually-hidden"> {item.title}</span>
                </button>
                <button type="button" className="button-quiet danger" onClick={() => remove(item)}>
                  {t('settings.delete')}
                  <span className="visually-hidden"> {item.title}</span>
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </ListScreen>
  );
}

function PostForm({
  kind,
  post,
  lookups,
  withAssignment,
  onDone,
  onCancel,
}: {
  kind: 'docs' | 'products';
  post: Post | null;
  lookups: Lookups;
  withAssignment: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [error, setError] = useState('');
  const [content, setContent] = useState(post?.content ?? '');
  const titleKey = kind === 'docs' ? 'title' : 'name';
  // The product's own fair-assignment mode ('' follows the site's), read for a product being edited.
  const [mode, setMode] = useState<AssignmentMode | '' | null>(withAssignment && post ? null : '');
  useEffect(() => {
    if (!withAssignment || !post) return;
    api<ResponseOf<'getProductAssignment'>>('GET', `/products/${post.id}/assignment`).then(
      (answer) => setMode(answer.mode ?? ''),
      () => setMode(''),
    );
  }, [withAssignment, post]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = {
      [titleKey]: String(form.get('title')),
      content: String(form.get('content') ?? ''),
      status: String(form.get('status')),
    };
    const slug = String(form.get('slug') ?? '').trim();
    if (slug) body.slug = slug;
    if (kind === 'docs') body.product = form.get('product') ? Number(form.get('product')) : null;
    try {
      const saved = await api<Post>(post ? 'PATCH' : 'POST', post ? `/${kind}/${post.id}` : `/${kind}/`, body);
      if (withAssignment && mode !== null) await api('PUT', `/products/${saved.id}/assignment`, { mode: mode === '' ? null : mode });
      onDone();
    } catch (e) {
      setError(problemText(e));
    }
  };
  return (
    <form
      className="card editor"
      onSubmit={submit}
      aria-label={
        post
          ? t('settings.content.edit_label', { title: post.title })
          : kind === 'docs'
            ? t('settings.content.new_doc')
            : t('settings.content.new_product')
      }
    >
      <div className="field">
        <label htmlFor="post-title">{kind === 'docs' ? t('settings.title') : t('settings.name')}</label>
        <input id="post-title" name="title" required defaultValue={post?.title ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="post-slug">{t('settings.content.slug')}</label>
        <input
          id="post-slug"
          name="slug"
          defaultValue={post?.slug ?? ''}
          placeholder={t('settings.content.slug_placeholder')}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
        />
      </div>
      {kind === 'docs' && (
        <div className="field">
          <label htmlFor="post-product">{t('settings.content.product')}</label>
          <select id="post-product" name="product" defaultValue={post?.product ? String(post.product) : ''}>
            <option value="">{t('settings.content.no_product')}</option>
            {lookups.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {withAssignment && mode !== null && (
        <div className="field">
          <label htmlFor="post-assignment">{t('settings.assignment.product_mode')}</label>
          <select id="post-assignment" value={mode} onChange={(e) => setMode(e.target.value as AssignmentMode | '')}>
            <option value="">{t('settings.assignment.product_site')}</option>
            {MODES.map((value) => (
              <option key={value} value={value}>
                {t(`settings.assignment.mode_${value}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="post-content">{t('settings.content.content')}</label>
        <textarea id="post-content" name="content" rows={10} value={content} onChange={(e) => setContent(e.target.value)} />
        <MarkdownPreview text={content} id="post-content-preview" />
      </div>
      <div className="field">
        <label htmlFor="post-status">{t('settings.content.visibility')}</label>
        <select id="post-status" name="status" defaultValue={post?.status ?? 'publish'}>
          <option value="publish">{t('settings.content.published')}</option>
          <option value="draft">{t('settings.content.draft')}</option>
        </select>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit">{t('settings.save')}</button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
