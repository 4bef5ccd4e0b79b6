import { useEffect, useState } from 'react';
import { api, homeUrl } from './api.js';
import { Link } from './router.js';

interface Checklist {
  mail: { done: boolean; detail: string };
  first_doc: { done: boolean };
  first_agent: { done: boolean };
}

/** The new site's checklist on the admin's inbox (mail set up, first doc, first agent), until it is all done. */
export function SetupChecklist() {
  const [list, setList] = useState<Checklist | null>(null);
  useEffect(() => {
    api<Checklist>('GET', '/setup/checklist').then(setList, () => setList(null));
  }, []);
  if (!list || (list.mail.done && list.first_doc.done && list.first_agent.done)) return null;
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
