import type { TicketDetail } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';

type Linked = { id: number; number: number };

/** "Merged from #3, #4", "Split from #2", "Split into #9": each a link to that ticket. */
export function TicketLinks({ ticket }: { ticket: TicketDetail }) {
  const { t } = useT();
  const links = ticket.links;
  if (!links) return null;
  const rows: Array<[label: string, tickets: Linked[], testId: string]> = [
    [t('admin.links.mergedInto'), links.merged_into ? [links.merged_into] : [], 'merged-into'],
    [t('admin.links.mergedFrom'), links.merged_from, 'merged-from'],
    [t('admin.links.splitFrom'), links.split_from ? [links.split_from] : [], 'split-from'],
    [t('admin.links.splitInto'), links.split_into, 'split-into'],
  ];
  const shown = rows.filter(([, tickets]) => tickets.length > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="ticket-links">
      {shown.map(([label, tickets, testId]) => (
        <li key={testId} data-testid={testId}>
          {label}{' '}
          {tickets.map((linked, i) => (
            <span key={linked.id}>
              {i > 0 && ', '}
              <Link to={`tickets/${linked.number}`}>
                <bdi dir="ltr">#{linked.number}</bdi>
              </Link>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
