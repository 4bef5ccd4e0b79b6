import type { Lookups, Tag, TicketDetail } from '../api/api.js';
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
  change: (field: string, value: string | number | string[] | null, label: string) => Promise<void>;
  onTagsSaved: () => void;
}) {
  return (
    <section className="card">
      <h2>Ticket</h2>
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
        label="Status"
        value={ticket.status?.slug ?? ''}
        required
        options={lookups.statuses.map((s) => ({ value: s.slug, label: s.name }))}
        onChange={(v) => change('status', v, 'Status')}
      />
      <SideSelect
        id="ticket-assignee"
        label="Assignee"
        value={ticket.assignee ? String(ticket.assignee.id) : ''}
        emptyLabel="Unassigned"
        options={lookups.staff.map((u) => ({ value: String(u.id), label: u.name }))}
        onChange={(v) => change('assignee', v ? Number(v) : null, 'Assignee')}
      />
      <SideSelect
        id="ticket-product"
        label="Product"
        value={ticket.product ? String(ticket.product) : ''}
        emptyLabel="None"
        options={lookups.products.map((p) => ({ value: String(p.id), label: p.name }))}
        onChange={(v) => change('product', v ? Number(v) : null, 'Product')}
      />
      <SideSelect
        id="ticket-reason"
        label="Reason"
        value={ticket.reason?.slug ?? ''}
        emptyLabel="None"
        options={lookups.reasons.map((r) => ({ value: r.slug, label: r.name }))}
        onChange={(v) => change('reason', v || null, 'Reason')}
      />
      <SideSelect
        id="ticket-urgency"
        label="Urgency"
        value={ticket.urgency?.slug ?? ''}
        emptyLabel="None"
        options={lookups.urgencies.map((u) => ({ value: u.slug, label: u.name }))}
        onChange={(v) => change('urgency', v || null, 'Urgency')}
      />
      <TicketTagsEditor tags={ticket.tags} known={knownTags} onChange={(names) => void change('tags', names, 'Tags').then(onTagsSaved)} />
    </section>
  );
}
