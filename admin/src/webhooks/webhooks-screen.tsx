import { useState } from 'react';
import { api } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen } from '../shared/list-screen.js';
import { Link } from '../shared/router.js';
import { useListScreen } from '../shared/use-list-screen.js';
import { DeliveryLog } from './delivery-log.js';
import { SecretCard } from './secret-card.js';
import { WebhookForm } from './webhook-form.js';
import { WebhookList } from './webhook-list.js';
import type { Webhook, WebhookBody } from './webhook-types.js';
import './webhooks.css';

type WithSecret = Webhook & { secret: string };

/**
 * Webhooks (admins, issue 39): every subscription with its state; add, edit, turn on or off, a new secret, delete;
 * a subscription's delivery log at `webhooks/<id>`. A signing secret shows once, when made.
 */
export function WebhooksScreen({ logOf }: { logOf?: string }) {
  const { t } = useT();
  const title = t('admin.nav.webhooks');
  const { items: webhooks, error, status, run } = useListScreen<Webhook[]>({ path: '/webhooks/', title });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string; rotated: boolean } | null>(null);
  const logged = logOf ? webhooks?.find((w) => String(w.id) === logOf) : undefined;

  // A failed save is thrown back to the form, which shows the server's field errors; `run` then only says it is
  // saved and reloads the list.
  const save = async (body: WebhookBody) => {
    if (editing === null) return;
    if (editing === 'new') {
      const created = await api<WithSecret>('POST', '/webhooks/', body);
      // Slack's URL is its secret: no signing secret to keep.
      if (created.destination === 'standard') setSecret({ secret: created.secret, url: created.url, rotated: false });
    } else await api('PUT', `/webhooks/${editing.id}`, body);
    await run(async () => undefined, editing === 'new' ? t('webhooks.created') : t('webhooks.saved'));
    setEditing(null);
  };
  const toggle = (w: Webhook) =>
    run(
      () =>
        api('PUT', `/webhooks/${w.id}`, {
          url: w.url,
          description: w.description,
          events: w.events,
          destination: w.destination,
          enabled: !w.enabled,
        }),
      w.enabled ? t('webhooks.turned_off') : t('webhooks.turned_on'),
    );
  const rotate = (w: Webhook) => {
    if (!confirm(t('webhooks.confirm_rotate', { url: w.url }))) return;
    void run(async () => {
      const rotated = await api<WithSecret>('POST', `/webhooks/${w.id}/rotate-secret`);
      setSecret({ secret: rotated.secret, url: rotated.url, rotated: true });
    }, t('webhooks.rotated'));
  };
  const remove = (w: Webhook) => {
    if (confirm(t('webhooks.confirm_delete', { url: w.url }))) void run(() => api('DELETE', `/webhooks/${w.id}`), t('webhooks.deleted'));
  };

  if (logOf)
    return (
      <ListScreen title={title} error={error} status={status}>
        <p>
          <Link to="webhooks">{t('webhooks.log.back')}</Link>
        </p>
        {logged && <DeliveryLog webhook={logged} />}
      </ListScreen>
    );
  return (
    <ListScreen
      title={title}
      error={error}
      status={status}
      intro={<p className="muted">{t('webhooks.intro')}</p>}
      actions={
        editing === null && (
          <button type="button" onClick={() => setEditing('new')}>
            {t('webhooks.add')}
          </button>
        )
      }
    >
      {secret && <SecretCard {...secret} onDone={() => setSecret(null)} />}
      {editing !== null && (
        <WebhookForm
          key={editing === 'new' ? 'new' : editing.id}
          webhook={editing === 'new' ? null : editing}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {webhooks && webhooks.length === 0 && editing === null && <p>{t('webhooks.none')}</p>}
      {webhooks && webhooks.length > 0 && (
        <WebhookList webhooks={webhooks} onEdit={setEditing} onToggle={(w) => void toggle(w)} onRotate={rotate} onDelete={remove} />
      )}
    </ListScreen>
  );
}
