import { createPost } from '../domain/content/create-post.js';
import { listTerms } from '../domain/content/terms.js';
import type { DomainContext } from '../domain/context.js';
import { updateSettings } from '../settings/settings.js';
import { updateSiteOptions } from '../settings/site-options.js';

/** Row counts of every table a ticket submission writes: to prove a refusal stored nothing. */
export async function countRows(ctx: DomainContext): Promise<Record<string, number>> {
  const tables = ['users', 'posts', 'post_meta', 'term_relationships', 'jobs', 'idempotency_keys', 'attachments', 'file_chunks'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Sets the two account-creation switches of spec §5.3. */
export async function setRegistration(
  ctx: DomainContext,
  { anyoneCanRegister, createAccounts }: { anyoneCanRegister: boolean; createAccounts: boolean },
) {
  await updateSiteOptions(ctx.db, { users_can_register: anyoneCanRegister });
  await updateSettings(ctx, { tickets: { create_accounts: createAccounts } });
}

export async function makeProduct(ctx: DomainContext, title: string) {
  return createPost(ctx, 'product', { title }, null);
}

export async function firstTermId(ctx: DomainContext, taxonomy: 'ticket_reason' | 'ticket_urgency' | 'ticket_status', slug?: string) {
  const terms = await listTerms(ctx, taxonomy);
  const term = slug ? terms.find((t) => t.slug === slug) : terms[0];
  if (!term) throw new Error(`no ${taxonomy} ${slug ?? ''}`);
  return term.id;
}

let emailCounter = 0;
/** A fresh, valid submission from a new email. */
export function ticketPayload(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    name: 'Ann Client',
    email: `ann${emailCounter}-${process.pid}@client.test`,
    subject: 'The export button does nothing',
    description: 'I click Export and nothing happens.\nChrome on Windows.',
    ...overrides,
  };
}

/** Lifts the intake limits and the minimum fill time, for suites that file many tickets quickly. */
export async function relaxIntakeLimits(ctx: DomainContext) {
  const high = 1_000_000;
  await updateSettings(ctx, {
    tickets: {
      limit_ip_hour: high,
      limit_ip_day: high,
      limit_email_hour: high,
      limit_global_day: high,
      min_fill_seconds: 0,
      limit_client_tickets_hour: high,
      limit_client_replies_hour: high,
      limit_client_ip_hour: high,
    },
    emails: { new_tickets_per_sender_hour: 1000, new_tickets_per_server_hour: high, new_tickets_by_mail_hour: high },
  });
}
