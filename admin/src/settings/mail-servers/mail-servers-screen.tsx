import { useState } from 'react';
import type { ResponseOf } from '../../api/api.js';
import { useApi } from '../../api/use-api.js';
import { useT } from '../../i18n/i18n.js';
import { type Kind, ServerForm } from './server-form.js';

type Servers = ResponseOf<'getMailServers'>;

/**
 * Settings → Mail servers: the SMTP server mail is sent through and the support mailbox the helpdesk reads. The
 * worker picks up a save within seconds, without a restart; an environment variable that sets a server wins.
 */
export function MailServersScreen() {
  const { t } = useT();
  const { data, error, reload } = useApi<Servers>('/settings/mail');
  const [said, setSaid] = useState<{ kind: Kind; text: string } | null>(null);
  const saved = (kind: Kind) => (text: string) => {
    setSaid({ kind, text });
    void reload();
  };
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!data) return <p aria-busy="true">{t('settings.loading')}</p>;
  // A key per source: after a save or a removal the form starts again from what the server now holds.
  return (
    <div>
      <p className="muted">{t('settings.mail.intro')}</p>
      {(['smtp', 'imap'] as const).map((kind) => (
        <ServerForm
          key={`${kind}-${JSON.stringify(data[kind])}`}
          kind={kind}
          view={data[kind]}
          said={said?.kind === kind ? said.text : ''}
          onSaved={saved(kind)}
        />
      ))}
    </div>
  );
}
