import type { Lookups, Tag, TicketDetail } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { SideSelect } from './side-select.js';
import { ChangedNotice } from './ticket-changes.js';
import { TicketTagsEditor } from './ticket-tags-editor.js';
import type { TicketConflict } from './use-ticket.js';

/** The side panel's ticket card: status, assignee, product, reason, urgency and tags, each saved as it changes. */
export function TicketControls({
  ticket,
  lookups,
  knownTags,
  notice,
  error,
  conflict,
  onReview,
  change,
  onTagsSaved,
}: {
  ticket: TicketDetail;
  lookups: Lookups;
  knownTags: Tag[];
  notice: string;
  error: string;
  conflict: TicketConflict | null;
  onReview: () => void;
  change: (field: string, value: string | number | string[] | null) => Promise<void>;
  onTagsSaved: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  return (
    <section className="card">
      <h2>{t('admin.ticket.card')}</h2>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {conflict && (
        <ChangedNotice
          changes={conflict.changes}
          comments={ticket.comments}
          action={conflict.action}
          onProceed={conflict.retry}
          onReview={onReview}
        />
      )}
      <SideSelect
        id="ticket-status-select"
        label={t('admin.table.status')}
        value={ticket.status?.slug ?? ''}
        required
        options={lookups.statuses.map((s) => ({ value: s.slug, label: termName(tr, 'status', s) }))}
        onChange={(v) => change('status', v)}
      />
      <SideSelect
        id="ticket-assignee"
        label={t('admin.table.assignee')}
        value={ticket.assignee ? String(ticket.assignee.id) : ''}
        emptyLabel={t('admin.filters.unassigned')}
        options={lookups.staff.map((u) => ({ value: String(u.id), label: u.name }))}
        onChange={(v) => change('assignee', v ? Number(v) : null)}
      />
      <SideSelect
        id="ticket-product"
        label={t('admin.filters.product')}
        value={ticket.product ? String(ticket.product) : ''}
        emptyLabel={t('admin.ticket.none')}
        options={lookups.products.map((p) => ({ value: String(p.id), label: p.name }))}
        onChange={(v) => change('product', v ? Number(v) : null)}
      />
      <SideSelect
        id="ticket-reason"
        label={t('admin.filters.reason')}
        value={ticket.reason?.slug ?? ''}
        emptyLabel={t('admin.ticket.none')}
        options={lookups.reasons.map((r) => ({ value: r.slug, label: termName(tr, 'reason', r) }))}
        onChange={(v) => change('reason', v || null)}
      />
      <SideSelect
        id="ticket-urgency"
        label={t('admin.filters.urgency')}
        value={ticket.urgency?.slug ?? ''}
        emptyLabel={t('admin.ticket.none')}
        options={lookups.urgencies.map((u) => ({ value: u.slug, label: termName(tr, 'urgency', u) }))}
        onChange={(v) => change('urgency', v || null)}
      />
      <TicketTagsEditor tags={ticket.tags} known={knownTags} onChange={(names) => void change('tags', names).then(onTagsSaved)} />
    </section>
  );
}
