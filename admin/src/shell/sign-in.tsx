import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, type Me, signIn, siteRoot } from '../api/api.js';

export function SignIn({ onSignedIn, notStaff }: { onSignedIn: (me: Me) => void; notStaff: boolean }) {
  const [error, setError] = useState(
    notStaff ? 'You are signed in to the help site as a client. Sign in with an agent or admin account.' : '',
  );
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'Sign in · Helpdesk admin';
  }, []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      onSignedIn(await signIn(String(form.get('email')), String(form.get('password'))));
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail || e.problem.title : 'The helpdesk did not answer. Try again.');
    } finally {
      setBusy(false);
    }
  };
  const helpSite = <a href={`${siteRoot}login/`}>help site</a>;
  return (
    <main className="center-screen">
      <form className="card sign-in" onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
        <h1>Sign in to the helpdesk</h1>
        <p className="muted">For agents and admins. Clients sign in on the {helpSite}.</p>
        {error && (
          <p id="sign-in-error" className="alert" role="alert">
            {error}
          </p>
        )}
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="small">
          <a href={`${siteRoot}login/forgot/`}>Forgot password?</a>
        </p>
        <p className="muted small">
          No password yet? Ask an admin to set one under Agents, or get a sign-in link on the {helpSite} and open this page again.
        </p>
      </form>
    </main>
  );
}
