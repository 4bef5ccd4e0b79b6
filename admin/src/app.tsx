import { type ComponentType, type CSSProperties, lazy, type ReactElement, Suspense, useCallback, useEffect, useState } from 'react';
import { type Lookups, loadLookups, loadMe, type Me, type SiteBrand, signOut, siteRoot } from './api/api.js';
import { announceSession, onSessionChange } from './api/session-channel.js';
import { onSignInExpired } from './api/sign-in-expiry.js';
import { type LazyNamespace, useT } from './i18n/i18n.js';
import { WithNamespaces } from './i18n/with-namespaces.js';
import { Inbox } from './inbox/inbox.js';
import { LiveEventsProvider } from './live/live-events.js';
import { NotificationBell } from './notifications/notification-bell.js';
import { showLanguageOf } from './profile/me-language.js';
import { Link, navigate, useRoute } from './shared/router.js';
import { AvailabilitySwitch } from './shell/availability-switch.js';
import { MainNav } from './shell/main-nav.js';
import { ShortcutsHelp } from './shell/shortcuts-help.js';
import { SignIn } from './shell/sign-in.js';

// Every screen but the inbox (the first one an agent sees) is a chunk of its own, loaded when first opened:
// the ticket view and the editors bring the Markdown renderer and its sanitiser, most of the app's bytes.
// A screen that reads a lazy catalogue namespace names it: the namespace loads with the chunk, and the screen
// shows once both are there (i18n/with-namespaces.tsx).
function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  namespaces: readonly LazyNamespace[] = [],
): ComponentType<P> {
  let chunk: Promise<Record<K, ComponentType<P>>> | undefined;
  const loadOnce = () => {
    chunk ??= load();
    return chunk;
  };
  const Screen = lazy(async () => ({ default: (await loadOnce())[name] })) as unknown as ComponentType<P>;
  if (namespaces.length === 0) return Screen;
  return function ScreenWithCatalogue(props: P) {
    // The chunk loads while the catalogues do, not after them (a failure shows when the screen renders).
    void loadOnce().catch(() => undefined);
    return (
      <WithNamespaces names={namespaces}>
        <Screen {...props} />
      </WithNamespaces>
    );
  };
}
const AccountsScreen = lazyScreen(() => import('./accounts/accounts.js'), 'AccountsScreen', ['settings']);
const AgentsScreen = lazyScreen(() => import('./agents/agents.js'), 'AgentsScreen', ['settings']);
const AuditScreen = lazyScreen(() => import('./audit/audit-screen.js'), 'AuditScreen', ['audit']);
const ApiTokensScreen = lazyScreen(() => import('./api-tokens/api-tokens.js'), 'ApiTokensScreen', ['settings']);
const BusinessHoursScreen = lazyScreen(() => import('./business-hours/business-hours-screen.js'), 'BusinessHoursScreen', [
  'business-hours',
]);
const ContentEditor = lazyScreen(() => import('./content/content-editor.js'), 'ContentEditor', ['settings']);
const NotificationPreferencesScreen = lazyScreen(
  () => import('./notifications/notification-preferences.js'),
  'NotificationPreferencesScreen',
  ['notifications'],
);
// Reports bring the chart library (uPlot): only this chunk loads it. They name channels as service levels do.
const ReportsScreen = lazyScreen(() => import('./reports/reports-screen.js'), 'ReportsScreen', ['reports', 'service-levels']);
const SatisfactionScreen = lazyScreen(() => import('./satisfaction/satisfaction.js'), 'SatisfactionScreen');
const DeflectionScreen = lazyScreen(() => import('./deflection/deflection-screen.js'), 'DeflectionScreen', ['deflection']);
const SavedRepliesScreen = lazyScreen(() => import('./saved-replies/saved-replies-screen.js'), 'SavedRepliesScreen', ['settings']);
const SlaPoliciesScreen = lazyScreen(() => import('./sla-policies/sla-policies-screen.js'), 'SlaPoliciesScreen', ['service-levels']);
const RulesScreen = lazyScreen(() => import('./rules/rules-screen.js'), 'RulesScreen', ['rules', 'service-levels']);
const SettingsScreen = lazyScreen(() => import('./settings/settings-screen.js'), 'SettingsScreen', ['settings']);
const TermsEditor = lazyScreen(() => import('./settings/terms-editor.js'), 'TermsEditor', ['settings']);
const ClientsScreen = lazyScreen(() => import('./contacts/clients-screen.js'), 'ClientsScreen', ['contacts']);
const ClientProfileScreen = lazyScreen(() => import('./contacts/client-profile.js'), 'ClientProfileScreen', ['contacts']);
const OrganisationsScreen = lazyScreen(() => import('./contacts/organisations-screen.js'), 'OrganisationsScreen', ['contacts']);
const WebhooksScreen = lazyScreen(() => import('./webhooks/webhooks-screen.js'), 'WebhooksScreen', ['webhooks']);
const TicketView = lazyScreen(() => import('./ticket/ticket-view.js'), 'TicketView');
const ProfileScreen = lazyScreen(() => import('./profile/profile.js'), 'ProfileScreen');

type User = NonNullable<Me['user']>;

export function App() {
  const { t } = useT();
  const [me, setMeShown] = useState<Me | null>(null);
  const [failed, setFailed] = useState('');
  // Every new answer of /me (or of the sign-in) shows the app in its person's language and zone first.
  const setMe = useCallback((loaded: Me) => {
    void showLanguageOf(loaded).then(() => setMeShown(loaded));
  }, []);
  useEffect(() => {
    loadMe().then(
      (loaded) => {
        setMe(loaded);
        // A tab still showing another account (signed in to again on the help site, say) follows.
        if (loaded.user) announceSession(loaded.user.id);
      },
      (error: Error) => setFailed(error.message),
    );
  }, [setMe]);
  // The tabs share one session cookie: when another signs in or out, this one shows who the cookie is now.
  // (Not before this tab knows who it shows: its own first /me is on its way.)
  const shown = me ? (me.user?.id ?? null) : undefined;
  useEffect(
    () =>
      onSessionChange((user) => {
        if (shown !== undefined && user !== shown) loadMe().then(setMe, (error: Error) => setFailed(error.message));
      }),
    [shown, setMe],
  );
  // An answer said the sign-in is over (problem-text.ts): ask /me again, which shows the sign-in form.
  useEffect(() => onSignInExpired(() => void loadMe().then(setMe, (error: Error) => setFailed(error.message))), [setMe]);
  if (failed)
    return (
      <main className="center-screen">
        <p role="alert">{t('admin.app.notAnswering', { error: failed })}</p>
      </main>
    );
  if (!me)
    return (
      <main className="center-screen" aria-busy="true">
        <p>{t('admin.app.loading')}</p>
      </main>
    );
  if (!me.user || me.user.role === 'client')
    return (
      <SignIn
        notStaff={me.user?.role === 'client'}
        onSignedIn={(signedIn) => {
          setMe(signedIn);
          announceSession(signedIn.user?.id ?? null);
        }}
      />
    );
  return (
    <Workspace
      user={me.user}
      site={me.site}
      onSignedOut={() => setMe({ ...me, user: null, csrf_token: '' })}
      onProfileSaved={(user) => setMe({ ...me, user })}
    />
  );
}

/** The site's colour for the admin bar's accent strip (styles.css: .topbar); the bar's own text stays white on navy. */
const brandStyle = (site?: SiteBrand): CSSProperties | undefined => site && ({ '--brand': site.brand_color } as CSSProperties);

function Workspace({
  user,
  site,
  onSignedOut,
  onProfileSaved,
}: {
  user: User;
  site?: SiteBrand;
  onSignedOut: () => void;
  onProfileSaved: (user: User) => void;
}) {
  const { t } = useT();
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
    announceSession(null);
    navigate('', { replace: true });
    onSignedOut();
  };

  let view: ReactElement;
  const [, id, tab] = route.path.split('/');
  if (!lookups) view = <p aria-busy="true">{t('admin.app.loading')}</p>;
  else if (section === 'tickets' && id) view = <TicketView key={id} number={Number(id)} lookups={lookups} me={user} />;
  else if (section === 'settings' && isAdmin) view = <SettingsScreen tab={id} />;
  else if (section === 'docs' || section === 'products')
    view = <ContentEditor kind={section} lookups={lookups} onChanged={reloadLookups} isAdmin={isAdmin} />;
  else if (section === 'reasons' || section === 'urgencies' || (section === 'statuses' && isAdmin))
    view = <TermsEditor kind={section} onChanged={reloadLookups} />;
  else if (section === 'agents' && isAdmin) view = <AgentsScreen me={user} onChanged={reloadLookups} />;
  else if (section === 'accounts' && isAdmin) view = <AccountsScreen me={user} />;
  else if (section === 'tokens' && isAdmin) view = <ApiTokensScreen />;
  else if (section === 'audit' && isAdmin) view = <AuditScreen lookups={lookups} />;
  else if (section === 'webhooks' && isAdmin) view = <WebhooksScreen logOf={id} />;
  else if (section === 'business-hours' && isAdmin) view = <BusinessHoursScreen />;
  else if (section === 'service-levels' && isAdmin) view = <SlaPoliciesScreen lookups={lookups} />;
  else if (section === 'rules' && isAdmin) view = <RulesScreen lookups={lookups} />;
  else if (section === 'reports') view = <ReportsScreen page={id} query={route.query} isAdmin={isAdmin} />;
  else if (section === 'replies') view = <SavedRepliesScreen me={user} />;
  else if (section === 'notifications') view = <NotificationPreferencesScreen isAdmin={isAdmin} />;
  else if (section === 'satisfaction') view = <SatisfactionScreen />;
  else if (section === 'clients' && id) view = <ClientProfileScreen key={id} id={Number(id)} />;
  else if (section === 'clients') view = <ClientsScreen />;
  else if (section === 'organisations') view = <OrganisationsScreen key={id ?? ''} id={id ? Number(id) : undefined} />;
  else if (section === 'deflection') view = <DeflectionScreen />;
  else if (section === 'profile') view = <ProfileScreen me={user} onSaved={onProfileSaved} />;
  else view = <Inbox query={route.query} lookups={lookups} me={user} />;
  void tab;

  return (
    <LiveEventsProvider account={user.id}>
      <div className="shell">
        <a className="skip-link" href="#main">
          {t('admin.app.skipToContent')}
        </a>
        {/* The owner's colour as custom properties, set through the CSSOM (the CSP allows no style attribute). */}
        <header className={`topbar${menuOpen ? ' menu-open' : ''}`} style={brandStyle(site)}>
          <Link to="" className="brand">
            {site?.logo_url && <img className="brand-logo" src={site.logo_url} alt="" />}
            <span className="brand-name">{site?.name || t('admin.app.helpdesk')}</span>
          </Link>
          {/* On a phone the navigation folds away behind this button (CSS shows it on narrow screens only). */}
          <button
            type="button"
            className="menu-toggle button-quiet"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {t('admin.app.menu')}
          </button>
          <MainNav active={active} isAdmin={isAdmin} open={menuOpen} />
          <div className="account">
            <AvailabilitySwitch />
            <NotificationBell />
            <Link to="profile" className="account-name" aria-current={section === 'profile' ? 'page' : undefined}>
              <bdi>{user.name}</bdi> <span className="role">{t('admin.app.role', { role: user.role })}</span>
            </Link>
            <a href={siteRoot}>{t('admin.app.helpSite')}</a>
            <button type="button" className="button-quiet" onClick={leave}>
              {t('admin.app.signOut')}
            </button>
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {/* A boundary per screen: one that already showed a screen would keep it (clickable) while the next loads. */}
          <Suspense key={section} fallback={<p aria-busy="true">{t('admin.app.loading')}</p>}>
            {view}
          </Suspense>
        </main>
        <ShortcutsHelp />
      </div>
    </LiveEventsProvider>
  );
}
