import type { DomainContext } from '../domain/context.js';
import { mailboxKey } from '../domain/people/mailbox-key.js';
import type { CounterStore } from '../intake/counter-store.js';
import { recordRefusal } from '../intake/guard-intake.js';
import { getCoreSettings } from '../settings/core-settings.js';
import type { MailTemplateName } from '../settings/emails-tab.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// Mails that anyone on the internet can cause to be sent to an address they merely type: the ticket
// confirmation, a sign-in link, the access mail of the privacy option, and the auto responder's bot
// reply (it follows every anonymous ticket). A human agent's reply and every mail to staff are never
// limited: losing one of those would lose real work, and no visitor can trigger them in bulk. The
// notice of replies by mail over the limit is here too: a forged From can cause it.
const VISITOR_TRIGGERED = new Set<MailTemplateName>([
  'client_ticket_created',
  'client_ticket_link',
  'client_access_request',
  'client_mail_replies_limited',
]);

/** Whether a mail counts against the per-address limit (see VISITOR_TRIGGERED for the reasons). */
export function isVisitorTriggeredMail(template: MailTemplateName, commentAuthorRole?: string | null): boolean {
  if (template === 'client_agent_reply') return commentAuthorRole === 'bot';
  return VISITOR_TRIGGERED.has(template);
}

// The mailbox an address delivers to, for counting: one key for every per-email limit (intake, sign-in
// links, mails), kept in the domain. Re-exported for the callers that found it here first.
export { mailboxKey } from '../domain/people/mailbox-key.js';

/**
 * Counts one mail to `email` against Tickets → Intake protection's per-address limits. Returns why it
 * must not be sent when a limit is exceeded (and counts that for the admin's stats), else null. A new
 * ticket's confirmation goes to one mailbox at most once an hour, whichever way its tickets came: each
 * ticket filed under a made-up sender (a forged From, a typed address) would otherwise mail that
 * address. One not sent is not counted against the other limits.
 */
export async function takeMailAllowance(
  ctx: DomainContext,
  counters: CounterStore,
  email: string,
  template?: MailTemplateName,
): Promise<string | null> {
  const settings = (await getCoreSettings(ctx)).tickets;
  const box = mailboxKey(email);
  if (template === 'client_ticket_created') {
    const { count } = await counters.hit(`mail:confirmation:h:${box}`, HOUR_MS);
    if (count > 1) {
      await recordRefusal(counters, 'limit_mail_confirmation');
      // i18n-exempt: the reason stored on the skipped job for operators, as a log line is
      return 'Not sent: this address already got a new-ticket confirmation this hour.';
    }
  }
  const windows = [
    { name: 'hour', key: `mail:address:h:${box}`, windowMs: HOUR_MS, max: settings.limit_mail_hour },
    { name: 'day', key: `mail:address:d:${box}`, windowMs: DAY_MS, max: settings.limit_mail_day },
  ];
  const hits = await Promise.all(windows.map((w) => counters.hit(w.key, w.windowMs)));
  const over = windows.find((w, i) => (hits[i]?.count ?? 0) > w.max);
  if (!over) return null;
  await recordRefusal(counters, 'limit_mail_address');
  // i18n-exempt: the reason stored on the skipped job for operators, as a log line is
  return `Not sent: this address already got ${over.max} mail(s) caused by visitors this ${over.name} (Tickets → Intake protection).`;
}
