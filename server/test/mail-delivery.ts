import { createMailTransport } from '../email/create-transport.js';
import { createWorker } from '../jobs/worker.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp-sink.js';
import type { TestHelpdesk } from './test-helpdesk.js';

export interface MailDelivery {
  smtp: SmtpSink;
  /** Resolves with the mails to `address` once `count` of them have arrived. */
  mailsTo(address: string, count?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

/** Runs the queue's worker against a real SMTP server (smtp-sink.ts), as the service does. */
export async function startMailDelivery(hd: TestHelpdesk): Promise<MailDelivery> {
  const smtp = await startSmtpSink();
  const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '' });
  const worker = createWorker(
    hd.ctx,
    hd.config,
    transport,
    { info: () => {}, warn: () => {} },
    { pollMs: 20, baseDelayMs: 10, maxDelayMs: 10, counters: hd.counters },
  );
  worker.start();
  const to = (address: string) => (messages: ReceivedMail[]) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    smtp,
    async mailsTo(address, count = 1) {
      return to(address)(await smtp.waitFor((messages) => to(address)(messages).length >= count, `${count} mail(s) to ${address}`));
    },
    async stop() {
      await worker.stop();
      transport.close();
      await smtp.close();
    },
  };
}
