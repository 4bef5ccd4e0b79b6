import { enqueueMail } from '../../email/mail-jobs.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import type { DomainContext } from '../context.js';
import { normalizeEmail } from './resolve-user.js';

/** Tickets → Submission → "Don't reveal whether an email has an account". */
export async function isAccountExistenceHidden(ctx: DomainContext): Promise<boolean> {
  return (await getCoreSettings(ctx)).tickets.hide_account_existence;
}

/**
 * The privacy option's answer to an address with no account while none may be created: the only
 * thing stored is the outbox job that mails that address how to get access. Nothing the visitor
 * typed but the address goes into it, so the mail cannot carry a stranger's text to a victim.
 */
export async function mailAccessInstructions(ctx: DomainContext, email: string, language?: string): Promise<void> {
  // In the language of the page or widget that asked, when the caller knows it (else the site's).
  await enqueueMail(ctx.db, {
    template: 'client_access_request',
    email: normalizeEmail(email),
    ticketId: null,
    ...(language && { language }),
  });
}
