import { CC_MAX, EMAIL_MAX_LENGTH } from '../../../../common/limits.js';
import { useSiteT } from '../../shared/site-translator.js';

/** A person copied in on the ticket, as its client sees them. */
export interface CopiedPerson {
  userId: number;
  name: string;
  email: string;
}

export interface ColleaguesPanelProps {
  homeUrl: string;
  pagePath: string;
  csrf: string;
  ticketId: number;
  copied: CopiedPerson[];
}

/**
 * The ticket's own client's "People copied in": who gets the public replies by mail besides them (added by them,
 * by an agent or by their mail's Cc), a Remove button each, and "Add a colleague". Plain forms: works without
 * script, each post carries the CSRF token and comes back to the thread with a notice.
 */
export function ColleaguesPanel({ homeUrl, pagePath, csrf, ticketId, copied }: ColleaguesPanelProps) {
  const t = useSiteT();
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="ticket_id" value={String(ticketId)} />
      <input type="hidden" name="return_to" value={pagePath} />
    </>
  );
  return (
    <section className="panel colleagues" aria-labelledby="colleagues-title">
      <h3 id="colleagues-title">{t.t('site.colleagues.title')}</h3>
      {copied.length === 0 ? (
        <p className="hint">{t.t('site.colleagues.none')}</p>
      ) : (
        <ul className="colleague-list">
          {copied.map((person) => (
            <li key={person.userId}>
              <span className="colleague-name">
                <bdi>{person.name}</bdi>{' '}
                <bdi dir="ltr" className="hint">
                  {person.email}
                </bdi>
              </span>
              <form method="post" action={`${homeUrl}/account/colleagues/remove/`} className="inline-form">
                {hidden}
                <input type="hidden" name="user_id" value={String(person.userId)} />
                <button type="submit" className="link-button" aria-label={t.t('site.colleagues.removeNamed', { name: person.name })}>
                  {t.t('site.colleagues.remove')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {copied.length < CC_MAX ? (
        <form method="post" action={`${homeUrl}/account/colleagues/add/`}>
          {hidden}
          <p className="field">
            <label htmlFor="colleague-email">{t.t('site.colleagues.email')}</label>
            <input
              id="colleague-email"
              name="email"
              type="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              autoComplete="off"
              dir="ltr"
              aria-describedby="colleague-hint"
            />
            <span id="colleague-hint" className="hint">
              {t.t('site.colleagues.hint')}
            </span>
          </p>
          <button type="submit">{t.t('site.colleagues.add')}</button>
        </form>
      ) : (
        <p className="hint">{t.t('site.colleagues.full', { max: CC_MAX })}</p>
      )}
    </section>
  );
}
