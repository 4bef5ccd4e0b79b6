import { useEffect } from 'react';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { Link, navigate } from '../shared/router.js';
import { GeneralSettings } from './general-settings.js';
import { IdentityCard } from './identity-card.js';
import { MailPanel } from './mail-panel.js';
import { MailServersScreen } from './mail-servers/mail-servers-screen.js';
import { RetentionPreview } from './retention-preview.js';
import { fieldLabel, type Schema, type Values } from './settings-schema.js';
import { SettingsTab } from './settings-tab.js';

const GENERAL = 'general';
// Settings → Mail servers: the SMTP server and the support mailbox, with their checks (not a schema tab).
const MAIL = 'mail';

/** Settings: a tab per schema tab, the core site options' General tab, and the mail status beside Emails. */
export function SettingsScreen({ tab }: { tab: string | undefined }) {
  const { t, language } = useT();
  // The schema's texts come in the reader's language: asked for again when it changes.
  const { data: schema, error: schemaError } = useApi<Schema>(`/settings/schema?lang=${language}`);
  const { data: values, setData: setValues, error: valuesError } = useApi<Values>('/settings');
  // Stored secrets the current encryption seed cannot read: the admin must enter them again.
  const { data: secrets, error: secretsError } = useApi<{ unreadable: string[] }>('/settings/secrets');
  const error = schemaError || valuesError || secretsError;
  const tabs = schema ? Object.keys(schema) : [];
  // The core site options (site name, "Anyone can register", colour, time zone) have their own tab,
  // unless a plugin took the slug.
  const general = tab === GENERAL && !schema?.[GENERAL];
  const mail = tab === MAIL && !schema?.[MAIL];
  const current = general ? GENERAL : mail ? MAIL : tab && schema?.[tab] ? tab : tabs[0];
  const currentLabel =
    current && schema ? (schema[current]?.label ?? (mail ? t('settings.mail.tab') : t('settings.screen.general'))) : null;
  useEffect(() => {
    document.title =
      currentLabel === null ? t('settings.screen.document_title') : t('settings.screen.document_title_tab', { tab: currentLabel });
  }, [currentLabel, t]);
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  // A tab's form starts from the values it is given: it waits for all three answers.
  if (!schema || !values || !secrets || !current) return <p aria-busy="true">{t('settings.loading')}</p>;
  const { unreadable } = secrets;
  return (
    <div className="settings">
      <div className="page-head">
        <h1>{t('settings.screen.title')}</h1>
        <a href="settings/classic/" className="muted">
          {t('settings.screen.classic')}
        </a>
      </div>
      {unreadable.length > 0 && (
        <p className="alert" role="alert">
          {t('settings.screen.unreadable_secrets', { fields: unreadable.map((path) => fieldLabel(schema, path)).join(', ') })}
        </p>
      )}
      <nav aria-label={t('settings.screen.tabs')} className="status-tabs">
        <ul>
          {tabs.map((slug) => (
            <li key={slug}>
              <Link to={`settings/${slug}`} aria-current={slug === current ? 'page' : undefined}>
                {schema[slug]?.label}
              </Link>
            </li>
          ))}
          {!schema[MAIL] && (
            <li>
              <Link to={`settings/${MAIL}`} aria-current={mail ? 'page' : undefined}>
                {t('settings.mail.tab')}
              </Link>
            </li>
          )}
          {!schema[GENERAL] && (
            <li>
              <Link to={`settings/${GENERAL}`} aria-current={general ? 'page' : undefined}>
                {t('settings.screen.general')}
              </Link>
            </li>
          )}
        </ul>
      </nav>
      {general ? (
        <GeneralSettings />
      ) : mail ? (
        <MailServersScreen />
      ) : (
        <SettingsTab
          key={current}
          slug={current}
          tab={schema[current] as Schema[string]}
          values={values[current] ?? {}}
          // Privacy → Retention counts what the typed values would remove before they are saved.
          sectionExtras={current === 'privacy' ? { retention: (draft) => <RetentionPreview draft={draft} /> } : undefined}
          onSaved={(saved) => {
            setValues(saved);
            navigate(`settings/${current}`, { replace: true });
          }}
        />
      )}
      {current === 'emails' && <MailPanel />}
      {current === 'tickets' && <IdentityCard />}
    </div>
  );
}
