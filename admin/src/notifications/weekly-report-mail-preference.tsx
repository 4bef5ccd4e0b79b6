import { useState } from 'react';
import { api } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';

interface ReportMail {
  weekly: boolean;
}

/** An admin's "Mail me the weekly report" (off by default; sent Mondays from 08:00 in their zone). */
export function WeeklyReportMailPreference({ onSaved, onFailed }: { onSaved: () => void; onFailed: (text: string) => void }) {
  const { t } = useT();
  const { data, setData } = useApi<ReportMail>('/users/me/report-mail');
  const [saving, setSaving] = useState(false);
  if (!data) return null;
  const change = async (weekly: boolean) => {
    const before = data;
    // Shown at once, as the notification boxes are; a failure puts the saved state back.
    setData({ weekly });
    setSaving(true);
    try {
      setData(await api<ReportMail>('PATCH', '/users/me/report-mail', { weekly }));
      onSaved();
    } catch (error) {
      setData(before);
      onFailed(problemText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <fieldset className="card prefs">
      <legend>{t('notifications.weeklyReport.legend')}</legend>
      <div className="pref-row">
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={data.weekly}
            disabled={saving}
            aria-describedby="weekly-report-hint"
            onChange={(event) => change(event.target.checked)}
          />
          {t('notifications.weeklyReport.label')}
        </label>
        <span className="hint" id="weekly-report-hint">
          {t('notifications.weeklyReport.hint')}
        </span>
      </div>
    </fieldset>
  );
}
