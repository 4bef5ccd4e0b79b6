import type { Translator } from '../../common/i18n/translator.js';
import { unlinkableText } from '../../common/unlinkable-text.js';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { isEmailAddress } from '../domain/people/email-address.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';
import type { OutgoingMail } from './create-transport.js';
import { recipientTranslator } from './recipient-translator.js';
import { renderMail } from './render-mail.js';
import { siteSender } from './site-sender.js';

/** What a webhook-disabled mail job says: to whom, the subscription's URL, since when it failed and the last failure. */
export interface WebhookDisabledMailJob {
  id: number;
  userId: number;
  url: string;
  failingSince: string;
  lastStatus: number | null;
  lastError: string | null;
}

/** The admin webhooks screen the mail links to. */
export const ADMIN_WEBHOOKS_PATH = '/admin/webhooks';

/**
 * The mail telling one admin, in their language, that a webhook was turned off after five days of failed deliveries:
 * its URL (as text, never a link), since when it failed, the last failure in words, and a button to the webhooks
 * screen. Null when there is no one to send it to any more (account gone, disabled, no longer an admin, bad address).
 */
export async function buildWebhookDisabledMail(
  ctx: DomainContext,
  config: Config,
  job: WebhookDisabledMailJob,
): Promise<OutgoingMail | null> {
  const admin = await ctx.db
    .selectFrom('users')
    .select(['email', 'name', 'language', 'time_zone', 'role', 'disabled_at'])
    .where('id', '=', job.userId)
    .executeTakeFirst();
  if (admin?.role !== 'admin' || admin.disabled_at !== null || !isEmailAddress(admin.email)) return null;
  const [site, settings] = await Promise.all([getSiteOptions(ctx.db), getCoreSettings(ctx)]);
  const tr = recipientTranslator(admin, site);
  const { from, host, brand } = siteSender(config, site, settings.emails);
  const url = unlinkableText(job.url);
  const values = { url, since: tr.dateTime(job.failingSince), error: failureInWords(job, tr) };
  const link = `${config.homeUrl}${ADMIN_WEBHOOKS_PATH}`;
  const rendered = renderMail(
    tr.t('mail.webhookDisabled.subject', { url }),
    tr.t('mail.webhookDisabled.body', values),
    { client_name: unlinkableText(admin.name), site_name: site.site_name, ticket_link: link },
    {
      translator: tr,
      linkLabel: tr.t('mail.webhookDisabled.button'),
      brand,
    },
  );
  return {
    from,
    to: admin.email,
    ...rendered,
    language: tr.language,
    messageId: `<webhook-disabled-${job.id}.${job.userId}@${host}>`,
    automatic: true,
  };
}

/** The delivery log's failure (a status, or `timeout`, `internal_address`, `secret_unreadable`, `network:<code>`) as people read it. */
export function failureInWords(job: Pick<WebhookDisabledMailJob, 'lastStatus' | 'lastError'>, tr: Translator): string {
  const error = job.lastError ?? '';
  const kind = error.startsWith('network:')
    ? 'network'
    : ['timeout', 'internal_address', 'secret_unreadable'].includes(error)
      ? error
      : 'status';
  return tr.t('mail.webhookDisabled.error', { kind, code: error.slice('network:'.length), status: String(job.lastStatus ?? '') });
}
