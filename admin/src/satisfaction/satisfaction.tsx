import type { loadSatisfaction } from '../api/notifications-api.js';
import { useApi } from '../api/use-api.js';

/** The satisfaction figure: the share of "Yes, solved" among the clients' answers of the last 30 days. */
export function SatisfactionScreen() {
  const { data: figure, error: failed } = useApi<Awaited<ReturnType<typeof loadSatisfaction>>>('/ratings/summary');
  return (
    <section aria-labelledby="satisfaction-title">
      <div className="page-head">
        <h1 id="satisfaction-title">Satisfaction</h1>
      </div>
      <p className="muted">
        When a ticket becomes Resolved, its client is asked “Did this solve it?” (Settings → Emails). This is how they answered.
      </p>
      {failed && (
        <p role="alert" className="alert">
          {failed}
        </p>
      )}
      {!figure && !failed && <p aria-busy="true">Loading…</p>}
      {figure && (
        <div className="card satisfaction" data-testid="satisfaction">
          {figure.percent_yes === null ? (
            <p>No answers in the last {figure.days} days yet.</p>
          ) : (
            <>
              <p className="satisfaction-figure">{figure.percent_yes}% said “Yes, solved”</p>
              <p className="muted">
                Last {figure.days} days: {figure.yes} yes, {figure.no} no.
              </p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
