import { api, type ResponseOf } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { timeText } from '../shared/time-text.js';
import { usePanel } from '../shared/use-panel.js';

type InboundStatus = ResponseOf<'getInboundMailStatus'>;
type FailedMail = ResponseOf<'listFailedInboundMails'>[number];
type RetryResult = ResponseOf<'retryInboundMail'>;

async function readMailState() {
  const [status, failed] = await Promise.all([
    api<InboundStatus>('GET', '/mail/inbound/status'),
    api<FailedMail[]>('GET', '/mail/inbound/failed/'),
  ]);
  return { status, failed };
}

/** Emails tab, below the settings: incoming mail's state, the failed mails with a retry, and a test mail. */
export function MailPanel() {
  const { t } = useT();
  const { data, message, problem, run } = usePanel(readMailState);
  const status = data?.status;
  const failed = data?.failed ?? [];
  const sendTest = () =>
    run(async () => {
      const sent = await api<{ sent_to: string }>('POST', '/mail/test');
      return t('settings.mail_panel.test_sent', { address: sent.sent_to });
    });
  const retry = (mail: FailedMail) =>
    run(async () => {
      const result = await api<RetryResult>('POST', `/mail/inbound/failed/${mail.id}/retry`);
      if (result.outcome === 'imported') return t('settings.mail_panel.imported', { number: result.ticket_number ?? '' });
      return result.reason
        ? t('settings.mail_panel.not_imported_because', { outcome: result.outcome, reason: result.reason })
        : t('settings.mail_panel.not_imported', { outcome: result.outcome });
    });

  return (
    <section className="card" aria-labelledby="incoming-mail-status">
      <h2 id="incoming-mail-status">{t('settings.mail_panel.title')}</h2>
      {status && (
        <dl>
          <dt>{t('settings.mail_panel.mailbox')}</dt>
          <dd>{status.imap_configured ? status.mailbox : t('settings.mail_panel.not_read')}</dd>
          <dt>{t('settings.mail_panel.last_check')}</dt>
          <dd>{timeText(status.last_check_at)}</dd>
          <dt>{t('settings.mail_panel.last_error')}</dt>
          <dd>
            {status.last_error
              ? t('settings.mail_panel.error_at', { error: status.last_error, when: timeText(status.last_error_at) })
              : t('settings.mail_panel.no_error')}
          </dd>
          <dt>{t('settings.mail_panel.imported_count')}</dt>
          <dd>{t('settings.number', { n: status.imported })}</dd>
          <dt>{t('settings.mail_panel.failed_count')}</dt>
          <dd>{t('settings.number', { n: status.failed })}</dd>
        </dl>
      )}
      <div className="form-actions">
        <button type="button" onClick={sendTest}>
          {t('settings.mail_panel.send_test')}
        </button>
      </div>
      <h3>{t('settings.mail_panel.failed_title')}</h3>
      {failed.length === 0 ? (
        <p className="muted">{t('settings.mail_panel.none')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('settings.mail_panel.received')}</th>
              <th scope="col">{t('settings.mail_panel.from')}</th>
              <th scope="col">{t('settings.mail_panel.subject')}</th>
              <th scope="col">{t('settings.mail_panel.reason')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('settings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {failed.map((mail) => (
              <tr key={mail.id}>
                <td>{timeText(mail.received_at)}</td>
                <td>
                  <bdi>{mail.sender}</bdi>
                </td>
                <td dir="auto">{mail.subject}</td>
                <td>{mail.reason}</td>
                <td>
                  <button type="button" onClick={() => retry(mail)}>
                    {t('settings.mail_panel.retry')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      <p role="status" className="saved">
        {message}
      </p>
    </section>
  );
}
