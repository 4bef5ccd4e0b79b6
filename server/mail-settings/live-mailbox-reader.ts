import type { Config } from '../config/config-types.js';
import { createImapSource, type ImapSource } from '../mail-inbound/imap-source.js';
import type { ReceiveDeps } from '../mail-inbound/receive-mail.js';
import { effectiveImap } from './effective-mail-servers.js';
import { onMailServersChanged } from './stored-mail-servers.js';

// How often the reader looks whether another instance changed the mailbox in Settings → Mail.
const LOOK_AGAIN_MS = 15_000;

/**
 * The worker's support-mailbox reader, following Settings → Mail without a restart: HELPDESK_IMAP_URL when set
 * (then nothing else is read), else the saved mailbox; a change (heard at once in this process, looked up every 15 s
 * for other instances) stops the reader of the old mailbox and starts one for the new.
 */
export function createLiveMailboxReader(deps: ReceiveDeps, config: Config, log: { info(m: string): void; warn(m: string): void }) {
  let reading: { url: string; source: ImapSource } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopHearing: (() => void) | undefined;
  let turn: Promise<void> = Promise.resolve();
  let running = false;

  const follow = () => {
    // One look at a time, in order: a save heard during a look is looked at after it.
    turn = turn.then(async () => {
      if (!running) return;
      const { url } = await effectiveImap(deps.ctx, config).catch(() => ({ url: reading?.url ?? null }));
      if (!running || url === (reading?.url ?? null)) return;
      await reading?.source.stop();
      reading = null;
      if (!url) return;
      const source = createImapSource(deps, { url, pollSeconds: config.imapPollSeconds ?? 60 }, log);
      reading = { url, source };
      source.start();
    });
    return turn;
  };

  return {
    start() {
      if (running) return;
      running = true;
      void follow();
      if (config.imapUrl) return;
      stopHearing = onMailServersChanged(() => void follow());
      timer = setInterval(() => void follow(), LOOK_AGAIN_MS);
      timer.unref();
    },
    async stop() {
      running = false;
      clearInterval(timer);
      stopHearing?.();
      await turn;
      await reading?.source.stop();
      reading = null;
    },
  };
}
