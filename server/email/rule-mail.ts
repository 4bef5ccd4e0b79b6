import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { isEmailAddress } from '../domain/people/email-address.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import type { OutgoingMail } from './create-transport.js';
import { recipientTranslator } from './recipient-translator.js';
import { renderMail } from './render-mail.js';
import { siteSender } from './site-sender.js';

/** A rule's "mail someone" job: to whom, about which ticket, its subject and text with placeholders filled. */
export interface RuleMailJob {
  id: number;
  ticketId: number;
  userId: number;
  subject: string;
  text: string;
}

/**
 * The mail a rule sends: its text as the admin wrote it (plain words, never Markdown), and for staff a button to the
 * ticket in the admin app. Null when there is no one to send it to (account gone, disabled, or a bad address).
 */
export async function buildRuleMail(ctx: DomainContext, config: Config, job: RuleMailJob): Promise<OutgoingMail | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'language', 'time_zone', 'role', 'disabled_at'])
    .where('id', '=', job.userId)
    .executeTakeFirst();
  if (!user || user.disabled_at !== null || !isEmailAddress(user.email)) return null;
  const ticket = await ctx.db.selectFrom('posts').select('number').where('id', '=', job.ticketId).executeTakeFirst();
  const [site, settings] = await Promise.all([getSiteOptions(ctx.db), getCoreSettings(ctx)]);
  const tr = recipientTranslator(user, site);
  const { from, host, brand } = siteSender(config, site, settings.emails);
  const staff = user.role === 'agent' || user.role === 'admin';
  const link = staff && ticket?.number != null ? `${config.homeUrl}/admin/tickets/${ticket.number}` : '';
  const rendered = renderMail(
    job.subject,
    link ? '##reply_text##\n\n##ticket_link##' : '##reply_text##',
    {
      reply_text: job.text,
      ticket_link: link,
      site_name: site.site_name,
    },
    {
      translator: tr,
      brand,
    },
  );
  return {
    from,
    to: user.email,
    ...rendered,
    language: tr.language,
    messageId: `<rule-mail-${job.id}.${job.userId}@${host}>`,
    automatic: true,
  };
}
