import { Type } from '@sinclair/typebox';
import { AUDIT_ACTIONS } from '../../../../common/audit-actions.js';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../../audit/list-audit-log.js';
import { problemResponses } from '../shared.schema.js';

const DATE = 'A day (YYYY-MM-DD) in the site’s time zone';

// The filters are checked by the domain (checkAuditQuery) so that each mistake is named in plain words.
const Filters = {
  action: Type.Optional(
    Type.String({
      maxLength: 60,
      description: `An action, or the part before its dot (auth, user, …): one of ${AUDIT_ACTIONS.join(', ')}`,
    }),
  ),
  actor_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Only what this account did' })),
  from: Type.Optional(Type.String({ maxLength: 10, description: `${DATE}: the first day shown` })),
  to: Type.Optional(Type.String({ maxLength: 10, description: `${DATE}: the last day shown, included` })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Words in the target’s label (a name, an email, a rule’s name)' })),
};

export const AuditQuery = Type.Object(
  {
    ...Filters,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT })),
    before: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The cursor: entries older than this id (next_before of the page before)' }),
    ),
  },
  { additionalProperties: false },
);

export const AuditCsvQuery = Type.Object(Filters, { additionalProperties: false });

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const AuditEntryReply = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.Object({
    id: Nullable(Type.Integer({ description: 'Null from the command line, for a failed sign-in, or once the account is deleted' })),
    name: Type.String({ description: 'Name and email at the time, kept after the account is deleted; empty when nobody was signed in' }),
    role: Nullable(Type.String()),
  }),
  ip: Nullable(Type.String({ description: 'The client’s address; null from the command line' })),
  action: Type.String(),
  target: Type.Object({ type: Nullable(Type.String()), id: Nullable(Type.String()), label: Type.String() }),
  details: Type.Record(Type.String(), Type.Unknown(), {
    description: 'What changed: {"changes": {"field": {"old": …, "new": …}}}; a secret only as "••••" (set) or "" (empty)',
  }),
});

export const auditListResponse = {
  200: Type.Object({
    entries: Type.Array(AuditEntryReply),
    next_before: Nullable(Type.Integer({ description: 'The cursor of the next page (pass as before); null on the last' })),
  }),
  ...problemResponses(400, 401, 403),
};

export const auditCsvResponse = {
  200: {
    description:
      'Every entry the filters match, newest first, one CSV line each: id, at, actor_id, actor_name, actor_role, ip, action, ' +
      'target_type, target_id, target_label, details (JSON); cells that would start a formula begin with an apostrophe',
    content: { 'text/csv': { schema: { type: 'string' } } },
  },
  ...problemResponses(400, 401, 403),
};
