import { useEffect, useState } from 'react';
import { KIND_WORDS, type NotificationKind, type NotificationPreferences, savePreferences } from '../api/notifications-api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { useDocumentTitle } from '../shared/use-document-title.js';
import { WeeklyReportMailPreference } from './weekly-report-mail-preference.js';

const KINDS = Object.keys(KIND_WORDS) as NotificationKind[];

/** "My notifications": which events reach this agent by mail (the in-app list always has them). */
export function NotificationPreferencesScreen({ isAdmin = false }: { isAdmin?: boolean }) {
  const { t } = useT();
  useDocumentTitle(t('admin.nav.notifications'));
  const { data: prefs, setData: setPrefs, error: loadFailed } = useApi<NotificationPreferences>('/users/me/notification-preferences');
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState('');
  useEffect(() => setFailed(loadFailed), [loadFailed]);

  const change = async (kind: NotificationKind, value: boolean | null) => {
    setStatus('');
    setFailed('');
    const before = prefs;
    // The box shows the choice at once (a checkbox that waits for the server looks broken); the server's
    // answer then replaces it, and a failure puts the last saved state back.
    if (before && value !== null) setPrefs({ ...before, mail: { ...before.mail, [kind]: value } });
    try {
      setPrefs(await savePreferences({ [kind]: value }));
      setStatus(t('admin.profile.saved'));
    } catch (error) {
      setPrefs(before);
      setFailed(problemText(error));
    }
  };

  return (
    <section aria-labelledby="prefs-title">
      <div className="page-head">
        <h1 id="prefs-title">{t('admin.nav.notifications')}</h1>
      </div>
      <p className="muted">{t('notifications.prefsIntro')}</p>
      {failed && (
        <p role="alert" className="alert">
          {failed}
        </p>
      )}
      {!prefs && !failed && <p aria-busy="true">{t('admin.app.loading')}</p>}
      {prefs && (
        <fieldset className="card prefs">
          <legend>{t('notifications.sendMeWhen')}</legend>
          {KINDS.map((kind) => (
            <div key={kind} className="pref-row">
              <label className="checkbox-label">
                <input type="checkbox" checked={prefs.mail[kind]} onChange={(event) => change(kind, event.target.checked)} />
                {t(KIND_WORDS[kind].preference)}
              </label>
              <span className="hint">
                {prefs.chosen.includes(kind) ? (
                  <>
                    {t('notifications.yourChoice', { on: prefs.defaults[kind] ? 'yes' : 'no' })}{' '}
                    <button type="button" className="button-quiet" onClick={() => change(kind, null)}>
                      {t('notifications.useDefault')}
                    </button>
                  </>
                ) : (
                  t('notifications.isDefault')
                )}
              </span>
            </div>
          ))}
        </fieldset>
      )}
      {isAdmin && (
        <WeeklyReportMailPreference
          onSaved={() => {
            setFailed('');
            setStatus(t('admin.profile.saved'));
          }}
          onFailed={(text) => {
            setStatus('');
            setFailed(text);
          }}
        />
      )}
      <p role="status" className="saved">
        {status}
      </p>
    </section>
  );
}
