import type { ReactNode } from 'react';
import { homeUrl, type ResponseOf } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';

type Checklist = ResponseOf<'getSetupChecklist'>;

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
  const { rich } = useT();
  const strong = (chunks: ReactNode[]) => <strong key="strong">{chunks}</strong>;
  if (!widget.accepts_tickets)
    return (
      <p className="widget-notice">
        {rich<ReactNode>('admin.setup.widgetOff', {
          strong,
          link: (chunks) => (
            <Link key="link" to="settings/tickets">
              {chunks}
            </Link>
          ),
        })}
      </p>
    );
  if (!widget.accepts_new_visitors)
    return (
      <p className="widget-notice">
        {rich<ReactNode>('admin.setup.widgetClosed', {
          strong,
          link: (chunks) => (
            <a key="link" href={`${homeUrl}/admin/setup/`}>
              {chunks}
            </a>
          ),
        })}
      </p>
    );
  return null;
}

function ChecklistCard({ list }: { list: Checklist }) {
  const { t, rich } = useT();
  const mark = (done: boolean) => (done ? t('admin.setup.done') : t('admin.setup.toDo'));
  return (
    <section className="card checklist" aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">{t('admin.setup.title')}</h2>
      <ul>
        <li>
          {mark(list.mail.done)} {list.mail.done ? t('admin.setup.mailDone') : t('admin.setup.mailToDo', { detail: list.mail.detail })}
        </li>
        <li>
          {mark(list.first_doc.done)}{' '}
          {rich<ReactNode>('admin.setup.firstDoc', {
            link: (chunks) => (
              <Link key="link" to="docs">
                {chunks}
              </Link>
            ),
          })}
        </li>
        <li>
          {mark(list.first_agent.done)}{' '}
          {rich<ReactNode>('admin.setup.firstAgent', {
            link: (chunks) => (
              <Link key="link" to="agents">
                {chunks}
              </Link>
            ),
          })}
        </li>
      </ul>
      <p className="muted">
        <a href={`${homeUrl}/admin/setup/`}>{t('admin.setup.siteLink')}</a> ·{' '}
        <a href={`${homeUrl}/admin/setup/embed/`}>{t('admin.setup.embedLink')}</a>
      </p>
    </section>
  );
}
