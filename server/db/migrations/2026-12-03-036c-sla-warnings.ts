import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Service-level warnings and breaches: each target knows when its warning is due (`warn_at`: its due time less the
// policy's warning minutes) and whether it was sent (`warned_at`); `breached_at` (set when a breach is announced, or
// when a target is met late) marks the breach. The background sweep claims what is due with a conditional UPDATE on
// these columns, so each event fires once whatever instance or restart runs it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket_sla_targets').addColumn('warn_at', 'text').execute();
  await db.schema.alterTable('ticket_sla_targets').addColumn('warned_at', 'text').execute();
  // Targets running when this ships have no warning time until their ticket next changes: they get their breach.
  // The sweep's two questions, each answered from an index of only the rows still to fire.
  await db.schema
    .createIndex('ticket_sla_targets_warn')
    .on('ticket_sla_targets')
    .columns(['warn_at'])
    .where(sql<boolean>`status = 'active' and warned_at is null`)
    .execute();
  await db.schema
    .createIndex('ticket_sla_targets_breach')
    .on('ticket_sla_targets')
    .columns(['due_at'])
    .where(sql<boolean>`status = 'active' and breached_at is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ticket_sla_targets_breach').ifExists().execute();
  await db.schema.dropIndex('ticket_sla_targets_warn').ifExists().execute();
  await db.schema.alterTable('ticket_sla_targets').dropColumn('warned_at').execute();
  await db.schema.alterTable('ticket_sla_targets').dropColumn('warn_at').execute();
}
