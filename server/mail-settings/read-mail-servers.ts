import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { IMAP_DEFAULTS, type ImapFields, imapFieldsOfUrl, SMTP_DEFAULTS, type SmtpFields, smtpFieldsOfUrl } from './mail-server-fields.js';
import { readStoredMailServers } from './stored-mail-servers.js';

/** One server as Settings → Mail shows it: its fields, whether a password is set (never the password), its source. */
export type ServerView<F> = F & {
  password_set: boolean;
  /** `env`: the environment variable `env_name` sets it, read-only here; `settings`: saved here; `none`: not set. */
  source: 'env' | 'settings' | 'none';
  env_name: string;
};

/** Both servers for Settings → Mail. */
export async function readMailServers(
  ctx: DomainContext,
  config: Config,
): Promise<{ smtp: ServerView<SmtpFields>; imap: ServerView<ImapFields> }> {
  const stored = await readStoredMailServers(ctx.db);
  const view = <F extends object>(
    envUrl: string | null | undefined,
    envName: string,
    fromUrl: (u: string) => F & { hasPassword: boolean },
    saved: (F & { password: string }) | undefined,
    defaults: F,
  ): ServerView<F> => {
    if (envUrl) {
      const { hasPassword, ...fields } = fromUrl(envUrl);
      return { ...(fields as unknown as F), password_set: hasPassword, source: 'env', env_name: envName };
    }
    if (saved) {
      const { password, ...fields } = saved;
      return { ...defaults, ...(fields as unknown as F), password_set: password !== '', source: 'settings', env_name: envName };
    }
    return { ...defaults, password_set: false, source: 'none', env_name: envName };
  };
  return {
    smtp: view<SmtpFields>(config.smtpUrl, 'SMTP_URL', smtpFieldsOfUrl, stored.smtp, SMTP_DEFAULTS),
    imap: view<ImapFields>(config.imapUrl, 'HELPDESK_IMAP_URL', imapFieldsOfUrl, stored.imap, IMAP_DEFAULTS),
  };
}
