import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { createMailTransport, type MailTransport } from '../email/create-transport.js';
import { effectiveSmtp } from './effective-mail-servers.js';
import { onMailServersChanged } from './stored-mail-servers.js';

// How long a send trusts the server it last looked up: another instance's save shows within it.
const LOOK_AGAIN_MS = 5_000;

/**
 * The worker's transport, following Settings → Mail without a restart: before a send it looks up the SMTP server in
 * force (SMTP_URL wins, and then nothing is read), at most every 5 s or at once after this process saved, and makes a
 * new transport when it changed. No server: mail is written as .eml files, as before.
 */
export function createLiveMailTransport(ctx: DomainContext, config: Config): MailTransport {
  let current: { url: string | null; transport: MailTransport } | null = null;
  let lookedAt = 0;
  const stopHearing = onMailServersChanged(() => {
    lookedAt = 0;
  });
  async function transportNow(): Promise<MailTransport> {
    if (current && (config.smtpUrl || Date.now() - lookedAt < LOOK_AGAIN_MS)) return current.transport;
    const { url } = await effectiveSmtp(ctx, config);
    lookedAt = Date.now();
    if (!current || current.url !== url) {
      current?.transport.close();
      current = { url, transport: createMailTransport({ smtpUrl: url, dataDir: config.dataDir }) };
    }
    return current.transport;
  }
  return {
    async send(mail) {
      return (await transportNow()).send(mail);
    },
    close() {
      stopHearing();
      current?.transport.close();
    },
  };
}
