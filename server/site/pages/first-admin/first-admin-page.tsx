import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';

interface Props extends SiteFrame {
  token?: string;
  error?: string;
}

/** The page behind the one-time link printed at first start: becomes the first administrator (then the setup). */
export function FirstAdminPage(props: Props) {
  const { homeUrl, token, error } = props;
  if (!token) {
    return (
      <Layout {...siteFrame(props)} title="Link expired">
        <h1>This link cannot be used</h1>
        <p>{error ?? 'It was already used or has expired.'} Restart the service to print a new sign-in link.</p>
      </Layout>
    );
  }
  return (
    <Layout {...siteFrame(props)} title="Set up the administrator">
      <h1>Set up the administrator</h1>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <form method="post" action={`${homeUrl}/login/first-admin/`}>
        <input type="hidden" name="token" value={token} />
        <p>
          <label htmlFor="name">Your name</label>
          <input id="name" name="name" required maxLength={200} autoComplete="name" />
        </p>
        <p>
          <label htmlFor="email">Your email</label>
          <input id="email" name="email" type="email" required maxLength={254} autoComplete="email" />
        </p>
        <p>
          <label htmlFor="password">
            Your password (at least 10 characters; it replaces the password of an existing account with this email)
          </label>
          <input id="password" name="password" type="password" required minLength={10} maxLength={200} autoComplete="new-password" />
        </p>
        <button type="submit">Become the administrator</button>
      </form>
    </Layout>
  );
}
