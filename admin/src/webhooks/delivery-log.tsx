import { Fragment, useState } from 'react';
import { api } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { When } from '../shared/when.js';
import { type Delivery, eventKey, type Webhook } from './webhook-types.js';

const PAGE = 25;
type Attempt = Delivery['attempts'][number];

/** A webhook's deliveries, newest first: event, time, state and attempts, each attempt's answer behind its button; "Send again". */
export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const { t } = useT();
  const path = `/webhooks/${webhook.id}/deliveries/?limit=${PAGE}`;
  const { data: first, error: loadError, reload } = useApi<Delivery[]>(path);
  const [older, setOlder] = useState<Delivery[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const deliveries = [...(first ?? []), ...older];
  const last = deliveries.at(-1);

  const more = async () => {
    if (!last) return;
    try {
      setOlder([...older, ...(await api<Delivery[]>('GET', `/webhooks/${webhook.id}/deliveries/?limit=${PAGE}&before=${last.id}`))]);
    } catch (e) {
      setError(problemText(e));
    }
  };
  const replay = async (delivery: Delivery) => {
    try {
      await api('POST', `/webhooks/${webhook.id}/deliveries/${delivery.id}/replay`);
      setError('');
      setStatus(t('webhooks.log.replayed'));
      setOlder([]);
      await reload();
    } catch (e) {
      setError(problemText(e));
    }
  };
  const outcome = (a: Attempt) => {
    if (a.status !== null) return t('webhooks.log.status', { status: a.status });
    if (a.error === 'timeout') return t('webhooks.log.timeout');
    if (a.error === 'internal_address') return t('webhooks.log.internal');
    if (a.error === 'secret_unreadable') return t('webhooks.log.secret');
    return t('webhooks.log.network', { code: (a.error ?? '').replace(/^network:/, '') });
  };

  return (
    <section className="card" aria-labelledby="webhook-log-title">
      <div className="page-head">
        <h2 id="webhook-log-title">
          {t('webhooks.log.title')}: <bdi>{webhook.url}</bdi>
        </h2>
        <button type="button" className="button-quiet" onClick={() => void reload()}>
          {t('webhooks.log.refresh')}
        </button>
      </div>
      {(error || loadError) && (
        <p className="alert" role="alert">
          {error || loadError}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {first && deliveries.length === 0 && <p>{t('webhooks.log.none')}</p>}
      {deliveries.length > 0 && (
        <div className="table-scroll">
          <table className="tickets webhook-log">
            <thead>
              <tr>
                <th scope="col">{t('webhooks.log.event')}</th>
                <th scope="col">{t('webhooks.log.time')}</th>
                <th scope="col">{t('webhooks.log.state')}</th>
                <th scope="col">{t('webhooks.log.attempts')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <Fragment key={d.id}>
                  <tr>
                    <td>
                      {t(eventKey(d.type))}
                      <br />
                      <code dir="ltr">{d.type}</code>
                    </td>
                    <td>
                      <When iso={d.created} />
                    </td>
                    <td>
                      <span className={`pill webhook-state-${d.state}`}>{t('webhooks.log.state_value', { state: d.state })}</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button-quiet"
                        aria-expanded={open === d.id}
                        aria-controls={`webhook-attempts-${d.id}`}
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                      >
                        {t('webhooks.log.show_attempts', { count: d.attempts.length })}
                      </button>
                    </td>
                    <td className="row-actions">
                      <button type="button" onClick={() => void replay(d)}>
                        {t('webhooks.log.replay')}
                      </button>
                    </td>
                  </tr>
                  <tr id={`webhook-attempts-${d.id}`} hidden={open !== d.id}>
                    <td colSpan={5}>
                      {d.attempts.length === 0 && <p>{t('webhooks.log.no_attempt')}</p>}
                      <ol className="webhook-attempts">
                        {d.attempts.map((a, index) => (
                          <li key={`${a.at}-${index}`}>
                            <strong>{outcome(a)}</strong> · <When iso={a.at} /> · {t('webhooks.log.took', { ms: a.duration_ms })}
                            {a.response && (
                              <>
                                <p className="hint">{t('webhooks.log.answer')}</p>
                                <pre dir="ltr">{a.response}</pre>
                              </>
                            )}
                          </li>
                        ))}
                      </ol>
                    </td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {first && first.length === PAGE && deliveries.length % PAGE === 0 && (
        <button type="button" className="button-quiet" onClick={() => void more()}>
          {t('webhooks.log.older')}
        </button>
      )}
    </section>
  );
}
