import { type FormEvent, useEffect, useState } from 'react';
import { api, type Lookups } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { MarkdownPreview } from '../shared/markdown-preview.js';
import { useListScreen } from '../shared/use-list-screen.js';

interface Post {
  id: number;
  title: string;
  slug: string;
  content: string;
  status: string;
  product: number | null;
}

/** Docs and products: list, create, edit, delete. */
export function ContentEditor({ kind, lookups, onChanged }: { kind: 'docs' | 'products'; lookups: Lookups; onChanged: () => void }) {
  const [editing, setEditing] = useState<Post | 'new' | null>(null);
  const title = kind === 'docs' ? 'Docs' : 'Products';
  const path = `/posts/?type=${kind === 'docs' ? 'doc' : 'product'}`;
  const { items, error, run, reload } = useListScreen<Post[]>({ path, title, onChanged });
  // A new kind closes the form of the other one.
  useEffect(() => setEditing(null), [kind]);

  const remove = (item: Post) => {
    if (confirm(`Delete “${item.title}”?`)) void run(() => api('DELETE', `/${kind}/${item.id}`), `${item.title} deleted.`);
  };
  const newButton = (
    <button type="button" onClick={() => setEditing('new')}>
      New {kind === 'docs' ? 'doc' : 'product'}
    </button>
  );
  return (
    <ListScreen title={title} actions={newButton} error={error}>
      {editing && (
        <PostForm
          kind={kind}
          post={editing === 'new' ? null : editing}
          lookups={lookups}
          onDone={async () => {
            setEditing(null);
            await reload();
            onChanged();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {items && items.length === 0 && <p className="empty">Nothing here yet.</p>}
      {items && items.length > 0 && (
        <ListTable columns={[kind === 'docs' ? 'Title' : 'Name', 'Slug', 'Visibility', ...(kind === 'docs' ? ['Product'] : [])]}>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.title}</td>
              <td>
                <code>{item.slug}</code>
              </td>
              <td>{item.status === 'publish' ? 'Published' : 'Draft'}</td>
              {kind === 'docs' && <td>{lookups.products.find((p) => p.id === item.product)?.name ?? '—'}</td>}
              <td className="row-actions">
                <button type="button" className="button-quiet" onClick={() => setEditing(item)}>
                  Edit<span className="visually-hidden"> {item.title}</span>
                </button>
                <button type="button" className="button-quiet danger" onClick={() => remove(item)}>
                  Delete<span className="visually-hidden"> {item.title}</span>
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
  onDone,
  onCancel,
}: {
  kind: 'docs' | 'products';
  post: Post | null;
  lookups: Lookups;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState('');
  const [content, setContent] = useState(post?.content ?? '');
  const titleKey = kind === 'docs' ? 'title' : 'name';
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
      await api(post ? 'PATCH' : 'POST', post ? `/${kind}/${post.id}` : `/${kind}/`, body);
      onDone();
    } catch (e) {
      setError(problemText(e));
    }
  };
  return (
    <form className="card editor" onSubmit={submit} aria-label={post ? `Edit ${post.title}` : `New ${kind === 'docs' ? 'doc' : 'product'}`}>
      <div className="field">
        <label htmlFor="post-title">{kind === 'docs' ? 'Title' : 'Name'}</label>
        <input id="post-title" name="title" required defaultValue={post?.title ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="post-slug">Slug</label>
        <input
          id="post-slug"
          name="slug"
          defaultValue={post?.slug ?? ''}
          placeholder="made from the title when empty"
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
        />
      </div>
      {kind === 'docs' && (
        <div className="field">
          <label htmlFor="post-product">Product</label>
          <select id="post-product" name="product" defaultValue={post?.product ? String(post.product) : ''}>
            <option value="">None</option>
            {lookups.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="post-content">Content (Markdown)</label>
        <textarea id="post-content" name="content" rows={10} value={content} onChange={(e) => setContent(e.target.value)} />
        <MarkdownPreview text={content} id="post-content-preview" />
      </div>
      <div className="field">
        <label htmlFor="post-status">Visibility</label>
        <select id="post-status" name="status" defaultValue={post?.status ?? 'publish'}>
          <option value="publish">Published</option>
          <option value="draft">Draft</option>
        </select>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit">Save</button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
