import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './create-db.js';
import * as initial from './migrations/2026-11-21-001-initial.js';
import * as mailSessionsPages from './migrations/2026-11-21-002-mail-sessions-pages.js';
import * as docsSearch from './migrations/2026-11-21-003-docs-search.js';
import * as agentInbox from './migrations/2026-11-21-004-agent-inbox.js';
import * as usersRole from './migrations/2026-11-21-005-users-role.js';
import * as counterWindows from './migrations/2026-11-21-006-counter-windows.js';
import * as addressProof from './migrations/2026-11-25-001-address-proof.js';
import * as accountLifecycle from './migrations/2026-11-25-002-account-lifecycle.js';
import * as mailChannel from './migrations/2026-11-25-003-mail-channel.js';
import * as leases from './migrations/2026-11-25-004-leases.js';
import * as ticketActivity from './migrations/2026-11-25-010-ticket-activity.js';
import * as ticketNumbers from './migrations/2026-11-25-011-ticket-numbers.js';
import * as statusClientLabels from './migrations/2026-11-25-012-status-client-labels.js';
import * as ticketSearch from './migrations/2026-11-25-013-ticket-search.js';
import * as attachments from './migrations/2026-11-25-020-attachments.js';
import * as attachmentUploader from './migrations/2026-11-26-030-attachment-uploader.js';
import * as attachmentThumbnailsPurge from './migrations/2026-11-26-035-attachment-thumbnails-purge.js';
import * as savedReplies from './migrations/2026-11-26-040-saved-replies.js';
import * as teamInbox from './migrations/2026-11-26-045-team-inbox.js';
import * as notificationsRatings from './migrations/2026-11-26-050-notifications-ratings.js';
import * as searchSerialComments from './migrations/2026-11-26-060-search-serial-comments.js';
import * as inboxStatusColumn from './migrations/2026-11-26-070-inbox-status-column.js';
import * as keptViewCounts from './migrations/2026-11-26-090-kept-view-counts.js';
import * as notificationsByTicket from './migrations/2026-11-28-010-notifications-by-ticket.js';
import * as postsByAuthorUpdated from './migrations/2026-11-28-020-posts-by-author-updated.js';
import * as ratingResolutions from './migrations/2026-12-02-033-rating-resolutions.js';
import * as languages from './migrations/2026-12-02-035-languages.js';
import * as businessHours from './migrations/2026-12-02-036-business-hours.js';
import * as slaPolicies from './migrations/2026-12-02-036b-sla-policies.js';
import * as slaWarnings from './migrations/2026-12-03-036c-sla-warnings.js';
import * as reportFacts from './migrations/2026-12-03-037-report-facts.js';
import * as ticketSlaStatus from './migrations/2026-12-03-062-ticket-sla-status.js';
import * as weeklyReportMails from './migrations/2026-12-03-079-weekly-report-mails.js';
import * as docLanguage from './migrations/2026-12-03-080-doc-language.js';
import * as widgetEvents from './migrations/2026-12-03-085-widget-events.js';
import * as reportResolutions from './migrations/2026-12-03-099-report-resolutions.js';
import * as webhooks from './migrations/2026-12-03-100-webhooks.js';
import * as webhookDestination from './migrations/2026-12-03-110-webhook-destination.js';
import * as docsSuggestIndexes from './migrations/2026-12-03-120-docs-suggest-indexes.js';
import * as webhookFailingSince from './migrations/2026-12-03-120-webhook-failing-since.js';
import * as rules from './migrations/2026-12-03-130-rules.js';
import * as fairAssignment from './migrations/2026-12-03-140-fair-assignment.js';
import * as mergeSplit from './migrations/2026-12-03-150-merge-split.js';
import * as contacts from './migrations/2026-12-03-160-contacts.js';
import * as ticketParticipants from './migrations/2026-12-03-170-ticket-participants.js';
import * as erasures from './migrations/2026-12-03-180-erasures.js';
import * as auditLog from './migrations/2026-12-03-190-audit-log.js';
import * as ticketEventPerson from './migrations/2026-12-04-100-ticket-event-person.js';

// Listed statically (not read from disk) so the bundled server carries its migrations with it.
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-001-initial': initial,
  '2026-11-21-002-mail-sessions-pages': mailSessionsPages,
  '2026-11-21-003-docs-search': docsSearch,
  '2026-11-21-004-agent-inbox': agentInbox,
  '2026-11-21-005-users-role': usersRole,
  '2026-11-21-006-counter-windows': counterWindows,
  '2026-11-25-001-address-proof': addressProof,
  '2026-11-25-002-account-lifecycle': accountLifecycle,
  '2026-11-25-003-mail-channel': mailChannel,
  '2026-11-25-004-leases': leases,
  '2026-11-25-010-ticket-activity': ticketActivity,
  '2026-11-25-011-ticket-numbers': ticketNumbers,
  '2026-11-25-012-status-client-labels': statusClientLabels,
  '2026-11-25-013-ticket-search': ticketSearch,
  '2026-11-25-020-attachments': attachments,
  '2026-11-26-030-attachment-uploader': attachmentUploader,
  '2026-11-26-035-attachment-thumbnails-purge': attachmentThumbnailsPurge,
  '2026-11-26-040-saved-replies': savedReplies,
  '2026-11-26-045-team-inbox': teamInbox,
  '2026-11-26-050-notifications-ratings': notificationsRatings,
  '2026-11-26-060-search-serial-comments': searchSerialComments,
  '2026-11-26-070-inbox-status-column': inboxStatusColumn,
  '2026-11-26-090-kept-view-counts': keptViewCounts,
  '2026-11-28-010-notifications-by-ticket': notificationsByTicket,
  '2026-11-28-020-posts-by-author-updated': postsByAuthorUpdated,
  '2026-12-02-033-rating-resolutions': ratingResolutions,
  '2026-12-02-035-languages': languages,
  '2026-12-02-036-business-hours': businessHours,
  '2026-12-02-036b-sla-policies': slaPolicies,
  '2026-12-03-036c-sla-warnings': slaWarnings,
  '2026-12-03-037-report-facts': reportFacts,
  '2026-12-03-062-ticket-sla-status': ticketSlaStatus,
  // After 062 (Kysely applies in name order and refuses one older than the last applied).
  '2026-12-03-079-weekly-report-mails': weeklyReportMails,
  '2026-12-03-080-doc-language': docLanguage,
  '2026-12-03-085-widget-events': widgetEvents,
  '2026-12-03-099-report-resolutions': reportResolutions,
  '2026-12-03-100-webhooks': webhooks,
  '2026-12-03-110-webhook-destination': webhookDestination,
  '2026-12-03-120-docs-suggest-indexes': docsSuggestIndexes,
  '2026-12-03-120-webhook-failing-since': webhookFailingSince,
  '2026-12-03-130-rules': rules,
  '2026-12-03-140-fair-assignment': fairAssignment,
  '2026-12-03-150-merge-split': mergeSplit,
  '2026-12-03-160-contacts': contacts,
  '2026-12-03-170-ticket-participants': ticketParticipants,
  '2026-12-03-180-erasures': erasures,
  '2026-12-03-190-audit-log': auditLog,
  '2026-12-04-100-ticket-event-person': ticketEventPerson,
};

/** Every migration, for Kysely's Migrator (tests step to one of them). */
export const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The names of every migration, in order. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

/**
 * Applies every pending migration. Processes starting together run them once. PostgreSQL: Kysely's
 * migrator holds a session advisory lock (`pg_advisory_lock`) on one connection, reads which
 * migrations are done only after getting it and applies the rest in one transaction; the others wait,
 * then find nothing to do. SQLite: Kysely takes no lock there, so the whole run is one `BEGIN
 * IMMEDIATE` transaction (the file's write lock; a second process waits for it under the busy
 * timeout, then finds nothing to do) — which also makes a failed migration leave no half-made schema.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  if (db.dialect === 'postgres') return runMigrator(db);
  await sql`begin immediate`.execute(db.kysely);
  try {
    await runMigrator(db);
    await sql`commit`.execute(db.kysely);
  } catch (error) {
    await sql`rollback`.execute(db.kysely).catch(() => {});
    throw error;
  }
}

async function runMigrator(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
