import type { Kysely } from 'kysely';
import type { AuditAction } from '../../common/audit-actions.js';
import type { Database } from '../db/tables.js';

/** Who is acting and from where: routes build it from the request (`auditOf`), the CLI passes none. */
export interface AuditContext {
  /** The signed-in person; null from the CLI or for a failed sign-in. */
  actorId: number | null;
  /** The client's address (request.ip); null from the CLI or a job. */
  address: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  /** What was acted on: `user`, `api_token`, `webhook`, `rule`, `settings`, `client`, `account`. */
  targetType?: string;
  targetId?: string | number | null;
  /** The target's name as people read it (a user's name and email, a rule's name); what the text search matches. */
  targetLabel?: string;
  /** What changed: `{changes: {key: {old, new}}}` and the like; pass secrets through maskSecrets first. */
  details?: Record<string, unknown>;
}

/** What a secret is written as in the audit log, never its value. */
export const AUDIT_SECRET_MASK = '••••';

/** Setting or field names that hold a secret, whatever their declared type. */
const SECRET_NAME = /secret|password|api_?key|token/i;

/** Whether a field name reads as a secret (the settings' `secret` type is masked besides). */
export const isSecretName = (name: string) => SECRET_NAME.test(name);

/** A secret's value as the log shows it: the mask when set, '' when empty. */
export const maskSecret = (value: unknown) => (value === '' || value === null || value === undefined ? '' : AUDIT_SECRET_MASK);

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its IPv4 address; any other as it is. */
export function auditAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/**
 * Writes one audit entry. Call it with the transaction of the change where there is one, so the entry
 * exists exactly when the change does. The actor's name (with email) and role are copied in, so the entry
 * still names them after the account is deleted. Insert-only: nothing updates or deletes these rows.
 */
export async function recordAudit(db: Kysely<Database>, audit: AuditContext | null | undefined, entry: AuditEntry): Promise<void> {
  const actorId = audit?.actorId ?? null;
  const actor =
    actorId === null
      ? undefined
      : await db.selectFrom('users').select(['name', 'email', 'role']).where('id', '=', actorId).executeTakeFirst();
  await db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      actor_id: actor ? actorId : null,
      actor_name: actor ? `${actor.name} <${actor.email}>` : '',
      actor_role: actor?.role ?? null,
      ip: auditAddress(audit?.address),
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      target_label: entry.targetLabel ?? '',
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

/**
 * A settings change's audit entry ("settings.changed", labelled with the changed keys, each old and new value in the
 * details), written only when something changed; in the change's transaction, like recordAudit.
 */
export async function recordSettingsChanges(
  db: Kysely<Database>,
  audit: AuditContext | null | undefined,
  targetType: 'settings' | 'site_options',
  changes: Record<string, { old: unknown; new: unknown }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await recordAudit(db, audit, {
    action: 'settings.changed',
    targetType,
    targetLabel: Object.keys(changes).join(', '),
    details: { changes },
  });
}

/**
 * The changed fields between two plain records, as `{key: {old, new}}`; keys named like a secret, or listed
 * in `secrets`, show only the mask. Values compare by their JSON.
 */
export function diffChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secrets: ReadonlySet<string> = new Set(),
): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    const secret = secrets.has(key) || isSecretName(key);
    changes[key] = secret
      ? { old: maskSecret(before[key]), new: maskSecret(after[key]) }
      : { old: before[key] ?? null, new: after[key] ?? null };
  }
  return changes;
}

/**
 * A URL as the log shows it: its origin, and `/••••` for any path or query — a webhook's path often is its
 * secret (a Slack incoming webhook's always is).
 */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' && !parsed.search ? parsed.origin : `${parsed.origin}/${AUDIT_SECRET_MASK}`;
  } catch {
    return AUDIT_SECRET_MASK;
  }
}
