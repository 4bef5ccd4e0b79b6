import '../settings-notices.css';
import { type FormEvent, useState } from 'react';
import { ApiError, api, type ResponseOf } from '../../api/api.js';
import { problemText } from '../../api/problem-text.js';
import { useT } from '../../i18n/i18n.js';
import { checkAnswerText, testAnswerText } from './check-answer.js';

type Servers = ResponseOf<'getMailServers'>;
export type Kind = 'smtp' | 'imap';
type View = Servers['smtp'] & { folder?: string };

const SECURITIES = ['tls', 'starttls', 'none'] as const;

/**
 * One server of Settings → Mail servers: its fields (read-only, naming the variable, while an environment variable
 * sets it), the password as set or not set with a field to replace it, Save and Remove, and the check — a test mail
 * for SMTP, "Check the mailbox" for IMAP — answering in plain words what failed.
 */
export function ServerForm({ kind, view, said, onSaved }: { kind: Kind; view: View; said: string; onSaved: (said: string) => void }) {
  const { t } = useT();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  // What the last save or removal said: the form is made again from the server's answer after either.
  const [status, setStatus] = useState(said);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const fromEnv = view.source === 'env';
  const id = (name: string) => `${kind}-${name}`;

  const act = async (work: () => Promise<void>) => {
    setProblem('');
    setStatus('');
    setAnswer(null);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setProblem(problemText(e));
      if (e instanceof ApiError)
        setErrors(Object.fromEntries((e.problem.errors ?? []).map((f) => [f.field.replace(/^#?\//, ''), f.detail])));
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const password = text('password');
    void act(async () => {
      setErrors({});
      await api('PUT', `/settings/mail/${kind}`, {
        host: text('host'),
        port: Number(text('port')),
        security: text('security'),
        user: text('user'),
        ...(kind === 'imap' && { folder: text('folder') }),
        ...(password && { password }),
      });
      setDirty(false);
      onSaved(t('settings.mail.saved'));
    });
  };
  const remove = () =>
    act(async () => {
      await api('DELETE', `/settings/mail/${kind}`);
      onSaved(t('settings.mail.removed'));
    });
  const check = () =>
    act(async () => {
      if (kind === 'smtp') {
        const to = (document.getElementById(id('test-to')) as HTMLInputElement | null)?.value.trim();
        const result = await api<ResponseOf<'testSmtpServer'>>('POST', '/settings/mail/smtp/test', to ? { to } : {});
        setAnswer({ ok: result.ok, text: testAnswerText(t, result) });
      } else {
        const result = await api<ResponseOf<'checkSupportMailbox'>>('POST', '/settings/mail/imap/check');
        setAnswer({ ok: result.ok, text: checkAnswerText(t, result) });
      }
    });

  const field = (name: string, label: string, input: React.ReactElement) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      {input}
      {errors[name] && (
        <p className="field-error" id={`${id(name)}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );
  const common = (name: string) => ({
    id: id(name),
    name,
    readOnly: fromEnv,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `${id(name)}-error` : '', fromEnv ? id('env') : ''].filter(Boolean).join(' ') || undefined,
  });
  const heading = id('heading');

  return (
    <section className="card editor mail-server" aria-labelledby={heading}>
      <h2 id={heading}>{t(`settings.mail.${kind}.title`)}</h2>
      <p className="muted">{t(`settings.mail.${kind}.intro`)}</p>
      {fromEnv ? (
        <p className="notice" id={id('env')}>
          {t('settings.mail.set_by_env', { name: view.env_name })}
        </p>
      ) : (
        view.source === 'none' && <p>{t('settings.mail.not_set')}</p>
      )}
      <form onSubmit={save} onChange={() => setDirty(true)} noValidate>
        {field('host', t('settings.mail.host'), <input {...common('host')} dir="ltr" defaultValue={view.host} autoComplete="off" />)}
        {field(
          'port',
          t('settings.mail.port'),
          <input {...common('port')} dir="ltr" type="number" min={1} max={65535} defaultValue={view.port} inputMode="numeric" />,
        )}
        {field(
          'security',
          t('settings.mail.security'),
          <select {...common('security')} disabled={fromEnv} defaultValue={view.security}>
            {SECURITIES.map((s) => (
              <option key={s} value={s}>
                {t(`settings.mail.security_${s}`)}
              </option>
            ))}
          </select>,
        )}
        {field('user', t('settings.mail.user'), <input {...common('user')} dir="ltr" defaultValue={view.user} autoComplete="off" />)}
        {kind === 'imap' &&
          field('folder', t('settings.mail.folder'), <input {...common('folder')} dir="ltr" defaultValue={view.folder ?? 'INBOX'} />)}
        <div className="field">
          <label htmlFor={id('password')}>{t('settings.mail.password')}</label>
          <p className="hint" id={id('password-state')}>
            {t(view.password_set ? 'settings.mail.password_set' : 'settings.mail.password_not_set')}
          </p>
          {!fromEnv && (
            <input
              id={id('password')}
              name="password"
              type="password"
              dir="ltr"
              autoComplete="new-password"
              aria-describedby={[id('password-state'), errors.password ? `${id('password')}-error` : ''].filter(Boolean).join(' ')}
            />
          )}
          {errors.password && (
            <p className="field-error" id={`${id('password')}-error`}>
              {errors.password}
            </p>
          )}
        </div>
        {!fromEnv && (
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {t('settings.mail.save')}
            </button>
            {view.source === 'settings' && (
              <button type="button" className="button-quiet danger" onClick={remove} disabled={busy}>
                {t('settings.mail.remove')}
              </button>
            )}
          </div>
        )}
      </form>
      <div className="mail-check">
        {kind === 'smtp' && (
          <div className="field">
            <label htmlFor={id('test-to')}>{t('settings.mail.test_to')}</label>
            <input id={id('test-to')} type="email" dir="ltr" autoComplete="email" aria-describedby={id('test-to-hint')} />
            <p className="hint" id={id('test-to-hint')}>
              {t('settings.mail.test_to_hint')}
            </p>
          </div>
        )}
        {dirty && <p className="hint">{t('settings.mail.tests_saved')}</p>}
        <div className="form-actions">
          <button type="button" className="button-secondary" onClick={check} disabled={busy}>
            {t(kind === 'smtp' ? 'settings.mail.send_test' : 'settings.mail.check_mailbox')}
          </button>
          {busy && <span aria-busy="true">{t('settings.mail.checking')}</span>}
        </div>
      </div>
      <p role="status">{answer?.ok ? answer.text : status}</p>
      {(problem || (answer && !answer.ok)) && (
        <p className="alert" role="alert">
          {problem || answer?.text}
        </p>
      )}
    </section>
  );
}
