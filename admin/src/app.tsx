import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { AccountsScreen } from './accounts.js';
import { AgentsScreen } from './agents.js';
import { type Lookups, loadLookups, loadMe, type Me, signOut, siteRoot } from './api.js';
import { ApiTokensScreen } from './api-tokens.js';
import { ContentEditor } from './content-editor.js';
import { Inbox } from './inbox.js';
import { LiveEventsProvider } from './live-events.js';
import { MainNav } from './main-nav.js';
import { NotificationBell } from './notification-bell.js';
import { NotificationPreferencesScreen } from './notification-preferences.js';
import { Link, navigate, useRoute } from './router.js';
import { SatisfactionScreen } from './satisfaction.js';
import { SavedRepliesScreen } from './saved-replies-screen.js';
import { SettingsScreen } from './settings-screen.js';
import { ShortcutsHelp } from './shortcuts-help.js';
import { SignIn } from './sign-in.js';
import { TermsEditor } from './terms-editor.js';
import { TicketView } from './ticket-view.js';

type User = NonNullable<Me['user']>;

export function App() {
  const [me, setMe] = useState<Me | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    loadMe().then(setMe, (error: Error) => setFailed(error.message));
  }, []);
  if (failed)
    return (
      <main className="center-screen">
        <p role="alert">The helpdesk did not answer: {failed}</p>
      </main>
    );
  if (!me)
    return (
      <main className="center-screen" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  if (!me.user || me.user.role === 'client') return <SignIn notStaff={me.user?.role === 'client'} onSignedIn={setMe} />;
  return <Workspace user={me.user} onSignedOut={() => setMe({ user: null, csrf_token: '' })} />;
}

function Workspace({ user, onSignedOut }: { user: User; onSignedOut: () => void }) {
  const route = useRoute();
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const reloadLookups = useCallback(() => {
    loadLookups().then(setLookups, () => setLookups(null));
  }, []);
  useEffect(reloadLookups, [reloadLookups]);
  const isAdmin = user.role === 'admin';
  const section = route.path.split('/')[0] ?? '';
  const active = section === 'tickets' ? '' : section;
  const [menuOpen, setMenuOpen] = useState(false);
  // Choosing a screen folds the phone menu again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of screen, which is what `route.path` says
  useEffect(() => setMenuOpen(false), [route.path]);

  const leave = async () => {
    await signOut();
    navigate('', { replace: true });
    onSignedOut();
  };

  let screen: ReactElement;
  const [, id, tab] = route.path.split('/');
  if (!lookups) screen = <p aria-busy="true">Loading…</p>;
  else if (section === 'tickets' && id) screen = <TicketView key={id} id={Number(id)} lookups={lookups} me={user} />;
  else if (section === 'settings' && isAdmin) screen = <SettingsScreen tab={id} />;
  else if (section === 'docs' || section === 'products')
    screen = <ContentEditor kind={section} lookups={lookups} onChanged={reloadLookups} />;
  else if (section === 'reasons' || section === 'urgencies' || (section === 'statuses' && isAdmin))
    screen = <TermsEditor kind={section} onChanged={reloadLookups} />;
  else if (section === 'agents' && isAdmin) screen = <AgentsScreen me={user} onChanged={reloadLookups} />;
  else if (section === 'accounts' && isAdmin) screen = <AccountsScreen me={user} />;
  else if (section === 'tokens' && isAdmin) screen = <ApiTokensScreen />;
  else if (section === 'replies') screen = <SavedRepliesScreen me={user} />;
  else if (section === 'notifications') screen = <NotificationPreferencesScreen />;
  else if (section === 'satisfaction') screen = <SatisfactionScreen />;
  else screen = <Inbox query={route.query} lookups={lookups} me={user} />;
  void tab;

  return (
    <LiveEventsProvider>
      <div className="shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className={`topbar${menuOpen ? ' menu-open' : ''}`}>
          <Link to="" className="brand">
            Helpdesk
          </Link>
          {/* On a phone the navigation folds away behind this button (CSS shows it on narrow screens only). */}
          <button
            type="button"
            className="menu-toggle button-quiet"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </button>
          <MainNav active={active} isAdmin={isAdmin} open={menuOpen} />
          <div className="account">
            <NotificationBell />
            <span className="account-name">
              {user.name} <span className="role">({user.role})</span>
            </span>
            <a href={siteRoot}>Help site</a>
            <button type="button" className="button-quiet" onClick={leave}>
              Sign out
            </button>
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {screen}
        </main>
        <ShortcutsHelp />
      </div>
    </LiveEventsProvider>
  );
}
