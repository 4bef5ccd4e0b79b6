import type { Kysely } from 'kysely';
import type { AssignmentMode, Database } from '../../db/tables.js';

/** A staff member's part in fair assignment, as the API shows it. */
export interface AgentAssignment {
  available: boolean;
  /** Their own limit of open tickets; null: the site's. */
  openTicketLimit: number | null;
  /** Their working hours (a business-hours schedule); null: whenever available. */
  scheduleId: number | null;
}

/** No row yet: available, the site's limit, no working hours. */
export const DEFAULT_AGENT_ASSIGNMENT: AgentAssignment = { available: true, openTicketLimit: null, scheduleId: null };

/** The assignment settings of these staff members, by id (the defaults for one who set nothing). */
export async function readAgentAssignments(db: Kysely<Database>, userIds: number[]): Promise<Map<number, AgentAssignment>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('agent_assignment')
          .select(['user_id', 'available', 'open_ticket_limit', 'schedule_id'])
          .where('user_id', 'in', userIds)
          .execute();
  const found = new Map(
    rows.map((row) => [
      row.user_id,
      { available: row.available === 1, openTicketLimit: row.open_ticket_limit, scheduleId: row.schedule_id } satisfies AgentAssignment,
    ]),
  );
  return new Map(userIds.map((id) => [id, found.get(id) ?? DEFAULT_AGENT_ASSIGNMENT]));
}

/** A product's own mode; null: the site's. */
export async function readProductAssignmentMode(db: Kysely<Database>, productId: number): Promise<AssignmentMode | null> {
  const row = await db.selectFrom('product_assignment_modes').select('mode').where('product_id', '=', productId).executeTakeFirst();
  return row?.mode ?? null;
}
