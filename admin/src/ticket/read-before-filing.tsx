import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { WithNamespaces } from '../i18n/with-namespaces.js';

interface ReadBeforeFilingReply {
  docs: Array<{ id: number; title: string; link: string; opened: boolean }>;
}

/**
 * "Read before filing": the docs the widget suggested to the client before they filed this ticket, the opened ones
 * first (staff only: the route refuses anyone else). Nothing at all for a ticket filed without suggestions.
 */
export function ReadBeforeFiling({ ticketId }: { ticketId: number }) {
  const { data } = useApi<ReadBeforeFilingReply>(`/tickets/${ticketId}/read-before-filing`);
  if (!data?.docs.length) return null;
  // Its words load with the Deflection screen's namespace, only for a ticket that has something to show.
  return (
    <WithNamespaces names={['deflection']}>
      <ReadDocs docs={data.docs} />
    </WithNamespaces>
  );
}

function ReadDocs({ docs }: ReadBeforeFilingReply) {
  const { t } = useT();
  return (
    <>
      <h3 id="read-before-heading">{t('deflection.readBefore.heading')}</h3>
      <ul className="other-tickets" aria-labelledby="read-before-heading">
        {docs.map((doc) => (
          <li key={doc.id}>
            <a href={doc.link} target="_blank" rel="noreferrer" dir="auto">
              {doc.title}
            </a>
            <span className="muted"> · {t(doc.opened ? 'deflection.readBefore.opened' : 'deflection.readBefore.shown')}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
