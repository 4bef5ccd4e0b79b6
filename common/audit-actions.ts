/**
 * Every action the audit log records (`audit_log.action`), in one list the server (what it writes and the API's
 * `action` filter, a prefix of these) and the admin's Audit log screen (each named in plain words by the catalogue
 * key `audit.action.<code with _ for .>`) both read, so a new action cannot be written without being offered.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'settings.changed',
  'user.role_changed',
  'user.disabled',
  'user.enabled',
  'user.invited',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'rule.created',
  'rule.updated',
  'rule.deleted',
  'rule.reordered',
  'sla_policy.created',
  'sla_policy.updated',
  'sla_policy.deleted',
  'sla_policy.reordered',
  'business_hours.created',
  'business_hours.updated',
  'business_hours.deleted',
  'client.exported',
  'client.export_requested',
  'client.erased',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of several actions (the part before the dot): the screen's filter offers each as "all of them". */
export const AUDIT_KINDS = ['auth', 'user', 'api_token', 'webhook', 'rule', 'sla_policy', 'business_hours', 'client'] as const;

/** The catalogue key's tail of an action's plain words: `audit.action.<this>`. */
export const auditActionKey = (action: AuditAction) => action.replaceAll('.', '_');
