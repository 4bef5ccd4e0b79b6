import { message } from '../../common/i18n/translator.js';
import { type AuditContext, diffChanges, recordSettingsChanges } from '../audit/record-audit.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { writeOption } from '../domain/options.js';
import { AppError, type FieldError, fieldError, fieldsDetail } from '../errors.js';
import { encryptSecret } from '../secrets/secret-box.js';
import { recordSecretsSeed } from '../secrets/seed-check.js';
import { currentSeed } from '../settings/settings.js';
import {
  IMAP_DEFAULTS,
  type ImapFields,
  MAIL_SECURITIES,
  type MailSecurity,
  SMTP_DEFAULTS,
  type SmtpFields,
} from './mail-server-fields.js';
import { MAIL_SERVERS_OPTION, mailServersChanged, passwordContext, readStoredMailServers } from './stored-mail-servers.js';

/** What the screen sends: the fields, and a password only when it is replaced ('' removes it). */
export interface MailServerInput {
  host: string;
  port: number;
  security: string;
  user: string;
  folder?: string;
  password?: string;
}

// A host name or an IP address (v6 in brackets or not): letters, digits, dots, dashes, colons; no spaces or slashes.
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.:-]*[a-z0-9])?)$/i;

/**
 * Saves the SMTP server or the support mailbox of Settings → Mail: checks every field (one problem naming each
 * bad one, nothing saved), encrypts a new password as the settings' secrets are, and records the change in the
 * audit log (the password only as set or not). Refused while the server's environment variable sets it.
 */
export async function saveMailServer(
  ctx: DomainContext,
  config: Config,
  kind: 'smtp' | 'imap',
  input: MailServerInput,
  audit?: AuditContext,
): Promise<void> {
  const envName = kind === 'smtp' ? 'SMTP_URL' : 'HELPDESK_IMAP_URL';
  if (kind === 'smtp' ? config.smtpUrl : config.imapUrl)
    throw new AppError('CONFLICT', message('problems.mail_settings.set_by_env', { name: envName }));
  const fields = checkFields(kind, input);
  const stored = await readStoredMailServers(ctx.db);
  const before = stored[kind];
  const seed = await currentSeed(ctx);
  const password =
    input.password === undefined
      ? (before?.password ?? '')
      : input.password === ''
        ? ''
        : encryptSecret(seed, passwordContext(kind), input.password);
  const next = { ...stored, [kind]: { ...fields, password } };
  const changes = diffChanges(prefixed(kind, before ?? {}), prefixed(kind, next[kind] ?? {}));
  await ctx.db.transaction().execute(async (trx) => {
    await writeOption(trx, MAIL_SERVERS_OPTION, next);
    await recordSettingsChanges(trx, audit, 'settings', changes);
  });
  if (input.password) await recordSecretsSeed(ctx.db, seed);
  mailServersChanged();
}

/** Settings → Mail's "Remove": the helpdesk stops using this server (mail is written as files, the mailbox not read). */
export async function removeMailServer(ctx: DomainContext, config: Config, kind: 'smtp' | 'imap', audit?: AuditContext): Promise<void> {
  if (kind === 'smtp' ? config.smtpUrl : config.imapUrl)
    throw new AppError(
      'CONFLICT',
      message('problems.mail_settings.set_by_env', { name: kind === 'smtp' ? 'SMTP_URL' : 'HELPDESK_IMAP_URL' }),
    );
  const stored = await readStoredMailServers(ctx.db);
  const before = stored[kind];
  if (!before) return;
  const { [kind]: _removed, ...rest } = stored;
  const changes = diffChanges(prefixed(kind, before), {});
  await ctx.db.transaction().execute(async (trx) => {
    await writeOption(trx, MAIL_SERVERS_OPTION, rest);
    await recordSettingsChanges(trx, audit, 'settings', changes);
  });
  mailServersChanged();
}

// Keys as the audit log names them elsewhere (`tab.key`): `mail.smtp.host`, `mail.smtp.password`.
function prefixed(kind: string, values: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`mail.${kind}.${key}`, value]));
}

function checkFields(kind: 'smtp' | 'imap', input: MailServerInput): SmtpFields | ImapFields {
  const errors: FieldError[] = [];
  const host = typeof input.host === 'string' ? input.host.trim() : '';
  if (!host) errors.push(fieldError('host', message('problems.mail_settings.host_empty')));
  else if (host.length > 253 || !HOST.test(host)) errors.push(fieldError('host', message('problems.mail_settings.host_bad')));
  if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65535)
    errors.push(fieldError('port', message('problems.mail_settings.port_bad')));
  if (!MAIL_SECURITIES.includes(input.security as MailSecurity))
    errors.push(fieldError('security', message('problems.mail_settings.security_bad')));
  const user = typeof input.user === 'string' ? input.user.trim() : '';
  if (user.length > 320) errors.push(fieldError('user', message('problems.mail_settings.too_long', { max: 320 })));
  if (typeof input.password === 'string' && input.password.length > 1024)
    errors.push(fieldError('password', message('problems.mail_settings.too_long', { max: 1024 })));
  if (typeof input.password === 'string' && input.password !== '' && !user)
    errors.push(fieldError('user', message('problems.mail_settings.user_needed')));
  const folder = typeof input.folder === 'string' ? input.folder.trim() : IMAP_DEFAULTS.folder;
  if (kind === 'imap' && (!folder || folder.length > 200)) errors.push(fieldError('folder', message('problems.mail_settings.folder_bad')));
  if (errors.length) throw new AppError('VALIDATION_FAILED', fieldsDetail(errors), errors);
  const fields: SmtpFields = { ...SMTP_DEFAULTS, host, port: input.port, security: input.security as MailSecurity, user };
  return kind === 'imap' ? { ...fields, folder } : fields;
}
