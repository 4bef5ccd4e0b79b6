import { api, type InboxTicket, type Lookups, type ResponseOf } from '../api/api.js';
import { translator } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';

/** Changes for many tickets, any of them together: each ticket gets them all as one version. */
export interface BulkChange {
  status?: string;
  assignee?: number | null;
  add_tag?: string;
  remove_tag?: string;
}

/**
 * Sends the changes for the tickets in one request (all or nothing) and says what happened in words, for the
 * live region. Throws the API's error; the caller shows it.
 */
export async function applyBulkChange(ids: number[], change: BulkChange, what: string): Promise<string> {
  const changes = {
    status: change.status,
    assignee: change.assignee,
    add_tags: change.add_tag === undefined ? undefined : [change.add_tag],
    remove_tags: change.remove_tag === undefined ? undefined : [change.remove_tag],
  };
  const result = await api<ResponseOf<'bulkUpdateTickets'>>('POST', '/tickets/bulk', { ids, changes });
  return translator().t('admin.bulk.result', { what, changed: result.changed.length, unchanged: result.unchanged.length });
}

/**
 * What a change made of a ticket, as far as the list shows it, and in words: kept for a ticket the change took
 * out of the view, which stays on screen (dimmed, "Resolved — no longer in this view") until the agent moves on.
 */
export function describeBulkChange(change: BulkChange, lookups: Lookups): { fields: Partial<InboxTicket>; label: string } {
  const tr = translator();
  const { t } = tr;
  const fields: Partial<InboxTicket> = {};
  const labels: string[] = [];
  if (change.status !== undefined) {
    const status = lookups.statuses.find((s) => s.slug === change.status);
    fields.status = status ? { slug: status.slug, name: status.name } : null;
    labels.push(status ? termName(tr, 'status', status) : change.status);
  }
  if (change.assignee !== undefined) {
    const user = lookups.staff.find((u) => u.id === change.assignee);
    fields.assignee = user ? { id: user.id, name: user.name } : null;
    labels.push(user ? t('admin.bulk.what.assigned', { name: user.name }) : t('admin.bulk.what.unassigned'));
  }
  if (change.add_tag !== undefined) labels.push(t('admin.bulk.tagged', { tag: change.add_tag }));
  if (change.remove_tag !== undefined) labels.push(t('admin.bulk.what.tagRemoved', { tag: change.remove_tag }));
  return { fields, label: t('admin.bulk.labels', { labels: labels.join(t('admin.bulk.separator')) }) };
}
