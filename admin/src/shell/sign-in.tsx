import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { ApiError, type Me, signIn, siteRoot } from '../api/api.js';
import { useT } from '../i18n/i18n.js';

export function SignIn({ onSignedIn, notStaff }: { onSignedIn: (me: Me) => void; notStaff: boolean }) {
  const { t, rich } = useT();
  // The error as said: a key of the app's own, or the server's text (already in the reader's language).
  const [error, setError] = useState<{ own: 'notStaff' | 'noAnswer' } | { text: string } | null>(notStaff ? { own: 'notStaff' } : null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = t('admin.signIn.pageTitle');
  }, [t]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signIn(String(form.get('email')), String(form.get('password'))));
    } catch (e) {
      setError(e instanceof ApiError ? { text: e.problem.detail || e.problem.title } : { own: 'noAnswer' });
    } finally {
      setBusy(false);
    }
  };
  const errorText =
    error && ('text' in error ? error.text : t(error.own === 'notStaff' ? 'admin.signIn.notStaff' : 'admin.signIn.noAnswer'));
  const helpSite = (chunks: Array<string | ReactNode>) => (
    <a key="help-site" href={`${siteRoot}login/`}>
      {chunks}
    </a>
  );
  return (
    <main className="center-screen">
      <form className="card sign-in" onSubmit={submit} aria-describedby={errorText ? 'sign-in-error' : undefined}>
        <h1>{t('admin.signIn.title')}</h1>
        <p className="muted">{rich<ReactNode>('admin.signIn.forStaff', { link: helpSite })}</p>
        {errorText && (
          <p id="sign-in-error" className="alert" role="alert">
            {errorText}
          </p>
        )}
        <label htmlFor="email">{t('admin.signIn.email')}</label>
        <input id="email" name="email" type="email" autoComplete="username" required dir="auto" />
        <label htmlFor="password">{t('admin.signIn.password')}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" disabled={busy}>
          {busy ? t('admin.signIn.signingIn') : t('admin.signIn.submit')}
        </button>
        <p className="small">
          <a href={`${siteRoot}login/forgot/`}>{t('admin.signIn.forgot')}</a>
        </p>
        <p className="muted small">{rich<ReactNode>('admin.signIn.noPassword', { link: helpSite })}</p>
      </form>
    </main>
  );
}
