import { Layout } from '../../shared/layout.js';

interface Props {
  siteName: string;
  homeUrl: string;
  token?: string;
  /** Shown once, after the link was used. */
  apiToken?: string;
  email?: string;
  error?: string;
}

/** The page behind the one-time link printed at first start: becomes the first administrator. */
export function FirstAdminPage({ siteName, homeUrl, token, apiToken, email, error }: Props) {
  if (apiToken) {
    return (
      <Layout siteName={siteName} homeUrl={homeUrl} title="You are the administrator">
        <h1>You are the administrator</h1>
        <p>
          The account {email} is now the administrator of {siteName}. This is your API token; it is shown only once:
        </p>
        <pre className="token">{apiToken}</pre>
        <p>
          Send it as <code>Authorization: Bearer &lt;token&gt;</code> to the management API, described at{' '}
          <a href={`${homeUrl}/api/helpdesk/v1/openapi.json`}>/api/helpdesk/v1/openapi.json</a>. Make more with{' '}
          <code>npx helpdesk token create --email {email}</code>.
        </p>
      </Layout>
    );
  }
  if (!token) {
    return (
      <Layout siteName={siteName} homeUrl={homeUrl} title="Link expired">
        <h1>This link cannot be used</h1>
        <p>{error ?? 'It was already used or has expired.'} Restart the service to print a new sign-in link.</p>
      </Layout>
    );
  }
  return (
    <Layout siteName={siteName} homeUrl={homeUrl} title="Set up the administrator">
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
