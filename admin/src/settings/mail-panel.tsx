import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { timeText } from '../shared/time-text.js';

interface InboundStatus {
  imap_configured: boolean;
  mailbox: string | null;
  last_check_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  imported: number;
  failed: number;
}
interface FailedMail {
  id: number;
  sender: string;
  subject: string;
  reason: string;
  received_at: string;
}
interface RetryResult {
  outcome: string;
  ticket_id: number | null;
  ticket_number: number | null;
  reason: string | null;
}

/** Emails tab, below the settings: incoming mail's state, the failed mails with a retry, and a test mail. */
export function MailPanel() {
  const [status, setStatus] = useState<InboundStatus | null>(null);
  const [failed, setFailed] = useState<FailedMail[]>([]);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const load = useCallback(async () => {
    try {
      const [s, f] = await Promise.all([
        api<InboundStatus>('GET', '/mail/inbound/status'),
        api<FailedMail[]>('GET', '/mail/inbound/failed/'),
      ]);
      setStatus(s);
      setFailed(f);
    } catch (e) {
      setProblem(problemText(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (work: () => Promise<string>) => {
    setMessage('');
    setProblem('');
    try {
      setMessage(await work());
    } catch (e) {
      setProblem(problemText(e));
    }
    await load();
  };
  const sendTest = () =>
    run(async () => {
      const sent = await api<{ sent_to: string }>('POST', '/mail/test');
      return `Test mail sent to ${sent.sent_to}.`;
    });
  const retry = (mail: FailedMail) =>
    run(async () => {
      const result = await api<RetryResult>('POST', `/mail/inbound/failed/${mail.id}/retry`);
      if (result.outcome === 'imported') return `Imported into ticket #${result.ticket_number}.`;
      return `Not imported (${result.outcome})${result.reason ? `: ${result.reason}` : '.'}`;
    });

  return (
    <section className="card" aria-labelledby="incoming-mail-status">
      <h2 id="incoming-mail-status">Incoming mail status</h2>
      {status && (
        <dl>
          <dt>Mailbox (IMAP)</dt>
          <dd>{status.imap_configured ? status.mailbox : 'Not read by this instance (HELPDESK_IMAP_URL is not set).'}</dd>
          <dt>Last check</dt>
          <dd>{timeText(status.last_check_at)}</dd>
          <dt>Last error</dt>
          <dd>{status.last_error ? `${status.last_error} (${timeText(status.last_error_at)})` : 'none'}</dd>
          <dt>Imported</dt>
          <dd>{status.imported}</dd>
          <dt>Failed</dt>
          <dd>{status.failed}</dd>
        </dl>
      )}
      <div className="form-actions">
        <button type="button" onClick={sendTest}>
          Send a test mail to me
        </button>
      </div>
      <h3>Failed incoming mails</h3>
      {failed.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">From</th>
              <th scope="col">Subject</th>
              <th scope="col">Reason</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {failed.map((mail) => (
              <tr key={mail.id}>
                <td>{timeText(mail.received_at)}</td>
                <td>{mail.sender}</td>
                <td>{mail.subject}</td>
                <td>{mail.reason}</td>
                <td>
                  <button type="button" onClick={() => retry(mail)}>
                    Retry
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
