import type { Kysely, Selectable } from 'kysely';
import { message } from '../../common/i18n/translator.js';
import type { Database, WebhookDestination, WebhookSubscriptionsTable } from '../db/tables.js';
import { AppError } from '../errors.js';
import type { WebhookEvent } from './webhook-events.js';

/** A subscription as the API shows it: never its secret, which is shown once at creation and at rotation. */
export interface WebhookSubscription {
  id: number;
  url: string;
  description: string;
  events: WebhookEvent[];
  /** `standard`: the signed envelope; `slack`: a Slack incoming-webhook message (slack-message.ts). */
  destination: WebhookDestination;
  enabled: boolean;
  disabledReason: 'gone' | 'failing' | null;
  /** Since when every attempt has failed; null after a 2xx. */
  failingSince: string | null;
  /** Until when the secret before the last rotation signs too; null when only one secret signs. */
  previousSecretUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionsTable>;

export function subscriptionOf(row: WebhookSubscriptionRow, at: Date): WebhookSubscription {
  const until = row.previous_secret_until;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEvent[],
    destination: row.destination === 'slack' ? 'slack' : 'standard',
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason === 'gone' || row.disabled_reason === 'failing' ? row.disabled_reason : null,
    failingSince: row.failing_since,
    previousSecretUntil: row.previous_secret && until && Date.parse(until) > at.getTime() ? until : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listSubscriptions(db: Kysely<Database>, at: Date): Promise<WebhookSubscription[]> {
  const rows = await db.selectFrom('webhook_subscriptions').selectAll().orderBy('id').execute();
  return rows.map((row) => subscriptionOf(row, at));
}

export async function findSubscriptionRow(db: Kysely<Database>, id: number): Promise<WebhookSubscriptionRow> {
  const row = await db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', message('problems.webhook.not_found', { id: String(id) }));
  return row;
}
