import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { AUDIT_ACTIONS } from '../../common/audit-actions.js';
import { message } from '../../common/i18n/translator.js';
import type { AuditLogRow, Database } from '../db/tables.js';
import { dayNumberOfDate } from '../domain/business-hours/business-time.js';
import { dateOfDay, startOfLocalDay } from '../domain/reports/report-periods.js';
import { invalidField } from '../errors.js';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** The filters of the audit log, as the API takes them (checked by checkAuditQuery). */
export interface RawAuditQuery {
  /** An action (`auth.sign_in`) or the part before a dot (`auth`): that action, or every action of that kind. */
  action?: string;
  actor_id?: number;
  /** Days (YYYY-MM-DD) in the site's time zone; `to` is included. */
  from?: string;
  to?: string;
  /** Words found in the target's label (a user's name and email, a rule's name, the email typed at a failed sign-in). */
  q?: string;
}

export interface AuditQuery {
  actions: string[] | null;
  actorId: number | null;
  /** ISO instants: at >= fromAt, at < toAt. */
  fromAt: string | null;
  toAt: string | null;
  words: string[];
}

/** Reads the filters; a bad action or date, or `from` after `to`, is VALIDATION_FAILED naming the field and the fix. */
export function checkAuditQuery(raw: RawAuditQuery, timeZone: string): AuditQuery {
  let actions: string[] | null = null;
  if (raw.action !== undefined && raw.action !== '') {
    const given = raw.action;
    actions = AUDIT_ACTIONS.filter((action) => action === given || action.startsWith(`${given}.`));
    if (actions.length === 0)
      throw invalidField('action', message('problems.audit.action', { value: given, actions: AUDIT_ACTIONS.join(', ') }));
  }
  const dayOf = (field: 'from' | 'to', text: string | undefined) => {
    if (text === undefined || text === '') return null;
    const day = dayNumberOfDate(text);
    if (day === null) throw invalidField(field, message('problems.audit.bad_date', { value: text }));
    return day;
  };
  const fromDay = dayOf('from', raw.from);
  const toDay = dayOf('to', raw.to);
  if (fromDay !== null && toDay !== null && fromDay > toDay)
    throw invalidField('from', message('problems.audit.from_after_to', { from: dateOfDay(fromDay), to: dateOfDay(toDay) }));
  return {
    actions,
    actorId: raw.actor_id ?? null,
    fromAt: fromDay === null ? null : new Date(startOfLocalDay(timeZone, fromDay)).toISOString(),
    toAt: toDay === null ? null : new Date(startOfLocalDay(timeZone, toDay + 1)).toISOString(),
    words: (raw.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8),
  };
}

function filtered(db: Kysely<Database>, query: AuditQuery): SelectQueryBuilder<Database, 'audit_log', AuditLogRow> {
  let select = db.selectFrom('audit_log').selectAll();
  if (query.actions) select = select.where('action', 'in', query.actions);
  if (query.actorId !== null) select = select.where('actor_id', '=', query.actorId);
  if (query.fromAt) select = select.where('at', '>=', query.fromAt);
  if (query.toAt) select = select.where('at', '<', query.toAt);
  for (const word of query.words) {
    // LIKE's own wildcards in what was typed are matched literally; SQLite has no default escape character.
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where(sql<boolean>`lower(target_label) like ${pattern} escape '\\'`);
  }
  return select;
}

/** One page of entries, newest first, older than `before` (an id; the cursor); `nextBefore` is null on the last page. */
export async function listAuditLog(
  db: Kysely<Database>,
  query: AuditQuery,
  page: { before?: number; limit?: number },
): Promise<{ entries: AuditLogRow[]; nextBefore: number | null }> {
  const limit = Math.min(page.limit ?? AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX);
  let select = filtered(db, query);
  if (page.before !== undefined) select = select.where('id', '<', page.before);
  const rows = await select
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit);
  return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/** Every entry the filters match, newest first, a page at a time (the CSV export streams these). */
export async function* auditLogPages(db: Kysely<Database>, query: AuditQuery, pageSize = 500): AsyncGenerator<AuditLogRow[]> {
  let before: number | undefined;
  for (;;) {
    const { entries, nextBefore } = await listAuditLog(db, query, { before, limit: Math.min(pageSize, AUDIT_PAGE_MAX) });
    if (entries.length) yield entries;
    if (nextBefore === null) return;
    before = nextBefore;
  }
}
