import { homeUrl } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { Link } from '../shared/router.js';

interface Checklist {
  mail: { done: boolean; detail: string };
  first_doc: { done: boolean };
  first_agent: { done: boolean };
  widget: { accepts_tickets: boolean; accepts_new_visitors: boolean };
}

/**
 * On the admin's inbox: a warning while the widget turns visitors away (on every visit: it is easy to
 * close without meaning to), and the new site's checklist (mail set up, first doc, first agent) until it
 * is all done. On a phone the checklist comes after the tickets (styles.css), the warning stays on top.
 */
export function SetupChecklist() {
  // A failure shows nothing: the checklist is a help, not the inbox's business.
  const { data: list } = useApi<Checklist>('/setup/checklist', { clearOnError: true });
  if (!list) return null;
  return (
    <>
      <WidgetNotice widget={list.widget} />
      {!(list.mail.done && list.first_doc.done && list.first_agent.done) && <ChecklistCard list={list} />}
    </>
  );
}

function WidgetNotice({ widget }: { widget: Checklist['widget'] }) {
  if (!widget.accepts_tickets)
    return (
      <p className="widget-notice">
        <strong>The widget takes no tickets:</strong> it is off. Turn it on in <Link to="settings/tickets">Settings → Tickets</Link>{' '}
        (“Accept tickets from the widget”).
      </p>
    );
  if (!widget.accepts_new_visitors)
    return (
      <p className="widget-notice">
        <strong>The widget refuses new visitors:</strong> only people who already have an account can file tickets. Change{' '}
        <a href={`${homeUrl}/admin/setup/`}>who may file</a>.
      </p>
    );
  return null;
}

function ChecklistCard({ list }: { list: Checklist }) {
  const mark = (done: boolean) => (done ? '✓ Done: ' : 'To do: ');
  return (
    <section className="card checklist" aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Finish setting up</h2>
      <ul>
        <li>
          {mark(list.mail.done)}
          {list.mail.done ? 'mail is sent through your SMTP server.' : `set up mail. ${list.mail.detail}`}
        </li>
        <li>
          {mark(list.first_doc.done)}
          <Link to="docs">write a first doc</Link> your clients can read before they ask.
        </li>
        <li>
          {mark(list.first_agent.done)}
          <Link to="agents">add a first agent</Link> to answer tickets with you.
        </li>
      </ul>
      <p className="muted">
        <a href={`${homeUrl}/admin/setup/`}>Site name, sender and who may file</a> ·{' '}
        <a href={`${homeUrl}/admin/setup/embed/`}>The embed snippet</a>
      </p>
    </section>
  );
}
