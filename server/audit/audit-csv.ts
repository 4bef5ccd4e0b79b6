import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { csvLine } from '../domain/reports/csv-cells.js';
import { type AuditQuery, auditLogPages } from './list-audit-log.js';

const COLUMNS = ['id', 'at', 'actor_id', 'actor_name', 'actor_role', 'ip', 'action', 'target_type', 'target_id', 'target_label', 'details'];

/**
 * The audit log as CSV lines, newest first: the header, then one line per entry, each cell defused against
 * formula injection (csv-cells.ts), the details as their JSON.
 */
export async function* auditCsvLines(db: Kysely<Database>, query: AuditQuery): AsyncGenerator<string> {
  yield csvLine(COLUMNS);
  for await (const page of auditLogPages(db, query)) {
    let chunk = '';
    for (const row of page)
      chunk += csvLine([
        row.id,
        row.at,
        row.actor_id,
        row.actor_name,
        row.actor_role,
        row.ip,
        row.action,
        row.target_type,
        row.target_id,
        row.target_label,
        row.details,
      ]);
    yield chunk;
  }
}
