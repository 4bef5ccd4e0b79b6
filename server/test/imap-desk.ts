import type { ImapFlow } from 'imapflow';
import { afterEach, beforeEach } from 'vitest';
import { createImapSource, type ImapSource } from '../mail-inbound/imap-source.js';
import { updateSettings } from '../settings/settings.js';
import { connectTestImap, type Dovecot, dovecotAvailable, startDovecot } from './dovecot.js';
import { relaxIntakeLimits, setRegistration } from './fixtures.js';
import { type MailDelivery, startMailDelivery } from './mail-delivery.js';
import type { TestHelpdesk } from './test-helpdesk.js';

/** The support address the desk's mail goes out from and comes in to. */
export const SUPPORT = 'support@help.test';

/** What `useImapDesk` runs for each test; read its parts inside the test, after its `beforeEach`. */
export interface ImapDesk {
  readonly dovecot: Dovecot;
  /** Catches what the helpdesk sends. */
  readonly delivery: MailDelivery;
  /** The helpdesk reading the support mailbox over IMAP. */
  readonly source: ImapSource;
  /** The test's own mail program, appending what "arrives" in the support mailbox and looking at its folders. */
  readonly imap: ImapFlow;
}

/**
 * For each test of the file: a desk that takes mail as a real one does — accounts made for new senders, intake limits
 * relaxed, the support address set — a private Dovecot holding its mailbox, the IMAP source reading it (a long poll,
 * so new mail must arrive through IDLE), mail delivery, and an IMAP client of the test's own. All stopped after each.
 * Without Dovecot the tests are skipped with a printed notice (`dovecotAvailable`).
 */
export function useImapDesk(hd: TestHelpdesk): ImapDesk {
  const hasDovecot = dovecotAvailable();
  let running: ImapDesk | undefined;
  beforeEach(async ({ skip }) => {
    if (!hasDovecot) return skip();
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { emails: { support_address: SUPPORT } });
    const dovecot = await startDovecot();
    const delivery = await startMailDelivery(hd);
    const source = createImapSource(
      { ctx: hd.ctx, config: hd.config, counters: hd.counters },
      { url: dovecot.url, pollSeconds: 600 },
      { info: () => {}, warn: () => {} },
    );
    source.start();
    const imap = await connectTestImap(dovecot);
    running = { dovecot, delivery, source, imap };
  });
  afterEach(async () => {
    if (!running) return;
    const { imap, source, delivery, dovecot } = running;
    running = undefined;
    await imap.logout();
    await source.stop();
    await delivery.stop();
    await dovecot.stop();
  });
  const part = <K extends keyof ImapDesk>(name: K): ImapDesk[K] => {
    if (!running) throw new Error('The IMAP desk runs only inside a test of the file that uses it.');
    return running[name];
  };
  return {
    get dovecot() {
      return part('dovecot');
    },
    get delivery() {
      return part('delivery');
    },
    get source() {
      return part('source');
    },
    get imap() {
      return part('imap');
    },
  };
}
