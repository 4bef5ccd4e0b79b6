import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { decryptSecret } from '../secrets/secret-box.js';
import { currentSeed } from '../settings/settings.js';
import { imapUrlOf, smtpUrlOf } from './mail-server-fields.js';
import { passwordContext, readStoredMailServers } from './stored-mail-servers.js';

/** The address the helpdesk uses for one server, and where it comes from. */
export interface EffectiveServer {
  url: string | null;
  /** `env`: SMTP_URL or HELPDESK_IMAP_URL (they win); `settings`: Settings → Mail; `none`: neither. */
  source: 'env' | 'settings' | 'none';
}

/** The outgoing server in force: SMTP_URL when set, else what Settings → Mail saved, else none (.eml files). */
export async function effectiveSmtp(ctx: DomainContext, config: Config): Promise<EffectiveServer> {
  if (config.smtpUrl) return { url: config.smtpUrl, source: 'env' };
  const { smtp } = await readStoredMailServers(ctx.db);
  if (!smtp?.host) return { url: null, source: 'none' };
  return { url: smtpUrlOf(smtp, await readPassword(ctx, 'smtp', smtp.password)), source: 'settings' };
}

/** The support mailbox in force: HELPDESK_IMAP_URL when set, else Settings → Mail's, else none. */
export async function effectiveImap(ctx: DomainContext, config: Config): Promise<EffectiveServer> {
  if (config.imapUrl) return { url: config.imapUrl, source: 'env' };
  const { imap } = await readStoredMailServers(ctx.db);
  if (!imap?.host) return { url: null, source: 'none' };
  return { url: imapUrlOf(imap, await readPassword(ctx, 'imap', imap.password)), source: 'settings' };
}

// An unreadable password (the seed changed) is used as none: the server then refuses the sign-in, and the
// screen's check says so in words.
async function readPassword(ctx: DomainContext, kind: 'smtp' | 'imap', stored: string): Promise<string | null> {
  if (!stored) return null;
  return decryptSecret(await currentSeed(ctx), passwordContext(kind), stored);
}
