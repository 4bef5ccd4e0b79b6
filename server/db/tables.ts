import type { Generated, Insertable, Selectable } from 'kysely';

/** Table types. Times are ISO-8601 UTC strings (sortable as text on both dialects); booleans are 0/1. */
export interface Database {
  users: UsersTable;
  posts: PostsTable;
  post_meta: PostMetaTable;
  terms: TermsTable;
  term_relationships: TermRelationshipsTable;
  ticket_status_counts: TicketStatusCountsTable;
  ticket_view_counts: TicketViewCountsTable;
  ticket_unread_counts: TicketUnreadCountsTable;
  comments: CommentsTable;
  comment_meta: CommentMetaTable;
  options: OptionsTable;
  api_tokens: ApiTokensTable;
  login_tokens: LoginTokensTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  sessions: SessionsTable;
  rate_limit_hits: RateLimitHitsTable;
  counter_windows: CounterWindowsTable;
  address_proofs: AddressProofsTable;
  sent_mails: SentMailsTable;
  inbound_mails: InboundMailsTable;
  leases: LeasesTable;
  ticket_events: TicketEventsTable;
  sequences: SequencesTable;
  attachments: AttachmentsTable;
  file_chunks: FileChunksTable;
  saved_replies: SavedRepliesTable;
  user_meta: UserMetaTable;
  notifications: NotificationsTable;
  ticket_ratings: TicketRatingsTable;
  rating_requests: RatingRequestsTable;
  ticket_tags: TicketTagsTable;
  ticket_reads: TicketReadsTable;
  business_hours: BusinessHoursTable;
  business_hours_overrides: BusinessHoursOverridesTable;
  sla_policies: SlaPoliciesTable;
  ticket_sla: TicketSlaTable;
  ticket_sla_targets: TicketSlaTargetsTable;
  ticket_report_facts: TicketReportFactsTable;
  ticket_report_replies: TicketReportRepliesTable;
  ticket_report_resolutions: TicketReportResolutionsTable;
  weekly_report_mails: WeeklyReportMailsTable;
  widget_events: WidgetEventsTable;
  widget_empty_searches: WidgetEmptySearchesTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  rules: RulesTable;
  rule_firings: RuleFiringsTable;
  agent_assignment: AgentAssignmentTable;
  product_assignment_modes: ProductAssignmentModesTable;
  assignment_state: AssignmentStateTable;
  assignment_queue: AssignmentQueueTable;
  organisations: OrganisationsTable;
  organisation_domains: OrganisationDomainsTable;
  client_addresses: ClientAddressesTable;
  audit_log: AuditLogTable;
  ticket_participants: TicketParticipantsTable;
  erasures: ErasuresTable;
}

export type UserRole = 'client' | 'agent' | 'admin';

export interface UsersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  name: string;
  role: UserRole;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  /** When an admin disabled the account (sign-in refused, sessions and tokens ended); null when enabled. */
  disabled_at: string | null;
  /** The language of this person's pages and mails (`de`; `common/i18n/languages.ts`); null: the site's. */
  language: string | null;
  /** The IANA zone this person reads times in; null: the site's. */
  time_zone: string | null;
  /** Staff-only notes about a client; never sent to the client. */
  notes: Generated<string>;
  /** JSON object of custom attributes (string values). */
  attributes: Generated<string>;
  /** The client's organisation; null: none. */
  organisation_id: number | null;
  /** The account this one was merged into (then disabled); null otherwise. */
  merged_into_id: number | null;
}

export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  /** Staff-only. */
  notes: Generated<string>;
  /** JSON object of custom attributes (string values). */
  attributes: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A mail domain (lower-cased) whose new clients join the organisation; one organisation per domain. */
export interface OrganisationDomainsTable {
  domain: string;
  organisation_id: number;
}

/** A client's address besides `users.email`; lower-cased, unique over both. */
export interface ClientAddressesTable {
  id: Generated<number>;
  user_id: number;
  address: string;
  created_at: string;
}

export interface PostsTable {
  id: Generated<number>;
  type: string;
  /** Publication state (`publish`, `draft`); a ticket's workflow status is a `ticket_status` term. */
  status: string;
  title: string;
  content: string;
  slug: string;
  author_id: number | null;
  product_id: number | null;
  parent_id: number | null;
  /** The agent or admin handling a ticket. */
  assignee_id: number | null;
  menu_order: number;
  /** A ticket's own number (#1, #2, …), shown to people; null for every other post type. */
  number: number | null;
  created_at: string;
  updated_at: string;
  /** Raised by every change to a ticket (see ticket_events); the ticket's ETag. */
  version: Generated<number>;
  /** Tickets: 1 when the last public message (the description or a reply) is the client's ("Needs reply"). */
  client_spoke_last: Generated<number>;
  /** Tickets: copies of the status, reason and urgency term ids in term_relationships, kept by its triggers (migration 070). */
  status_term_id: Generated<number | null>;
  reason_term_id: Generated<number | null>;
  urgency_term_id: Generated<number | null>;
  /** Docs: the language written in (`de`); null is the site's language (migration 080). */
  language: Generated<string | null>;
  /** Tickets: the ticket this one was merged into (its messages and files are there now); null otherwise (migration 150). */
  merged_into_id: Generated<number | null>;
  /** Tickets: the ticket whose messages this one was split from; null otherwise (migration 150). */
  split_from_id: Generated<number | null>;
}

export interface PostMetaTable {
  id: Generated<number>;
  post_id: number;
  meta_key: string;
  meta_value: string;
}

export type Taxonomy = 'ticket_status' | 'ticket_reason' | 'ticket_urgency' | 'ticket_tag';

export interface TermsTable {
  id: Generated<number>;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  term_order: number;
  /** A status's words for the client ("Awaiting our reply" for Waiting); null shows the name. */
  client_label: string | null;
  /** A tag's colour (`#rrggbb`); null for every other taxonomy. */
  color: Generated<string | null>;
}

/** Tickets per status, as rows to sum per term (migration 070): kept by triggers on term_relationships. */
export interface TicketStatusCountsTable {
  term_id: number;
  /** 0, or on PostgreSQL the backend pid of the connection that wrote it (folded back into 0 by readers). */
  shard: number;
  n: number;
}

/** Tickets per (assignee, status, client spoke last), as rows to sum (migration 090): kept by triggers on posts. */
export interface TicketViewCountsTable {
  /** 0 for unassigned. */
  assignee_id: number;
  /** 0 for a ticket without a status. */
  status_term_id: number;
  client_spoke_last: number;
  /** 0, or on PostgreSQL the backend pid of the connection that wrote it (folded back into 0 by readers). */
  shard: number;
  n: number;
}

/** Per agent, their assigned tickets unread by them, as rows to sum (migration 090): kept by triggers on posts and ticket_reads. */
export interface TicketUnreadCountsTable {
  user_id: number;
  /** 0, or on PostgreSQL the backend pid of the connection that wrote it (folded back into 0 by readers). */
  shard: number;
  n: number;
}

export interface TermRelationshipsTable {
  post_id: number;
  /** Repeated from the term so that "one term per taxonomy per post" is a primary key. */
  taxonomy: Taxonomy;
  term_id: number;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  author_id: number | null;
  author_role: 'client' | 'agent' | 'bot';
  content: string;
  created_at: string;
}

export interface CommentMetaTable {
  id: Generated<number>;
  comment_id: number;
  meta_key: string;
  meta_value: string;
}

export interface OptionsTable {
  name: string;
  /** JSON text. */
  value: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  token_hash: string;
  /** The token's name, shown in the token list. */
  label: string;
  created_at: string;
  /** Updated at most once a minute per token (see api-tokens.ts). */
  last_used_at: string | null;
  /** Refused from this time on; null: never expires. */
  expires_at: string | null;
}

export interface LoginTokensTable {
  id: Generated<number>;
  user_id: number | null;
  purpose: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The ticket a client's link opens (null for plain sign-in links). */
  ticket_id: number | null;
}

/** A sign-up waiting for its address to be proven by the mailed link (no account exists for it yet). */
export interface AddressProofsTable {
  id: Generated<number>;
  /** Trimmed and lower-cased, as users.email. */
  email: string;
  /** The name typed at sign-up; the account gets it when the link is used. */
  name: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON text. */
  payload: string;
  /** `skipped`: settled without sending (a mail over the per-address limit); `last_error` says why. */
  state: 'queued' | 'running' | 'done' | 'failed' | 'skipped';
  attempts: number;
  run_at: string;
  last_error: string | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  key: string;
  ticket_id: number;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type PostRow = Selectable<PostsTable>;
export type NewPost = Insertable<PostsTable>;
export type TermRow = Selectable<TermsTable>;

/** One fixed window of a shared counter (intake limits without Redis). */
export interface CounterWindowsTable {
  key: string;
  count: number;
  /** When the window ends, in epoch milliseconds. */
  reset_at: number;
}

/** A mail sent about a ticket, by its Message-ID (threading, matching replies, marking bounces). */
export interface SentMailsTable {
  id: Generated<number>;
  /** With the angle brackets, as in the header. */
  message_id: string;
  ticket_id: number;
  /** Lower-cased address the mail went to. */
  recipient: string;
  job_id: number | null;
  state: 'sent' | 'failed';
  /** What the delivery report said, for a failed mail. */
  failure: string | null;
  created_at: string;
}

/** What came of one incoming message; its unique Message-ID makes every import happen once. */
export interface InboundMailsTable {
  id: Generated<number>;
  message_id: string;
  sender: string;
  subject: string;
  outcome: 'imported' | 'ignored' | 'rejected';
  reason: string | null;
  ticket_id: number | null;
  comment_id: number | null;
  /** The message as received, kept only while it is rejected (so the admin can retry it). */
  raw: string | null;
  source: 'imap' | 'pipe' | 'retry';
  created_at: string;
}

/** One change to a ticket: who did what and when, and the ticket version it produced. */
export interface TicketEventsTable {
  id: Generated<number>;
  ticket_id: number;
  version: number;
  actor_id: number | null;
  /**
   * `rating`: the client answered the resolved mail (new_value `yes` or `no`). `sla`: a service-level target (`field`:
   * first_reply, next_reply or resolution) is due soon (new_value `warning`) or went overdue (`breached`); old_value
   * is its due time. An `sla` entry keeps the version it was recorded at (fire-sla-events.ts says why). `link`: the
   * ticket was merged or split (`field` merged_into, merged_from, split_into or split_from; new_value the other
   * ticket's number, `#12`). `participant`: someone was copied in or became a follower (`field` cc or follower;
   * new_value the name of who was added, old_value of who was taken off, person_id their account; automatic when
   * copied in from a mail).
   */
  kind: 'reply' | 'note' | 'field' | 'rating' | 'sla' | 'rule' | 'link' | 'participant';
  /** `tag`: old_value is a removed tag's name, new_value an added one's. */
  field:
    | 'status'
    | 'assignee'
    | 'product'
    | 'reason'
    | 'urgency'
    | 'tag'
    | 'first_reply'
    | 'next_reply'
    | 'resolution'
    | 'merged_into'
    | 'merged_from'
    | 'split_into'
    | 'split_from'
    | 'cc'
    | 'follower'
    | null;
  /** The values as people read them (a status's name, an agent's name), not ids. */
  old_value: string | null;
  new_value: string | null;
  comment_id: number | null;
  automatic: Generated<number>;
  created_at: string;
  /**
   * The rule whose firing made this entry (migration 130); null for everything else. A `rule` entry names the rule
   * (new_value, its name then). "Since the last change" of time rules skips these entries.
   */
  rule_id: Generated<number | null>;
  /**
   * `participant`: the account the entry is about, who was added or taken off (migration 2026-12-04-100); null for
   * the other kinds, for entries recorded before it, and once that client is erased. The wording tells "followed"
   * from "added as a follower" by it, not by the names (two people may share one).
   */
  person_id: Generated<number | null>;
}

/** A named lease: who does a single-instance job now, and until when (epoch ms) unless renewed. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** Counters kept in a row (SQLite's ticket numbers; PostgreSQL uses `ticket_number_seq`). */
export interface SequencesTable {
  name: string;
  value: number;
}

/** A file sent with a ticket's description (comment_id null) or a comment; pending until that commits. */
export interface AttachmentsTable {
  id: Generated<number>;
  /** The id in URLs: random, not the row id. */
  public_id: string;
  ticket_id: number | null;
  comment_id: number | null;
  /** Cleaned: no path, control or bidirectional characters, at most 200 characters. */
  name: string;
  /** Bytes. */
  size: Generated<number>;
  /** The media type decided from the content. */
  type: Generated<string>;
  storage_key: string;
  /** 1 until its ticket or comment is committed. */
  is_pending: Generated<number>;
  created_at: string;
  /** The process storing it while pending (see upload-owner.ts); null on rows from before it was recorded. */
  uploader: string | null;
  /** The thumbnail's store key once made; '' when the image cannot be shrunk (not tried again). */
  thumb_key: string | null;
  thumb_size: number | null;
  /** Set when the purge of closed tickets' files deleted the bytes; the row stays for the thread's note. */
  removed_at: string | null;
  removed_after_days: number | null;
}

/** HELPDESK_FILES=database: a file's bytes, in order of seq. */
export interface FileChunksTable {
  storage_key: string;
  seq: number;
  data: Buffer;
}

/** An answer agents reuse: shared (owner_id null) or one agent's own; body is Markdown with ##placeholders##. */
export interface SavedRepliesTable {
  id: Generated<number>;
  owner_id: number | null;
  title: string;
  body: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One setting of one user (the CMS's user meta): an agent's notification choices. */
export interface UserMetaTable {
  id: Generated<number>;
  user_id: number;
  meta_key: string;
  meta_value: string;
}

/** `sla_warning`, `sla_breached`: a service-level target of the ticket is due soon, or went overdue. */
export type NotificationKind = 'ticket_created' | 'client_replied' | 'ticket_assigned' | 'rating_received' | 'sla_warning' | 'sla_breached';

/** One line of an agent's in-app notification list. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  ticket_id: number;
  comment_id: number | null;
  created_at: string;
  /** Null while unread. */
  read_at: string | null;
}

/** A client's answer to "Did this solve it?"; one per mailed request. */
export interface TicketRatingsTable {
  id: Generated<number>;
  ticket_id: number;
  request_id: string;
  rating: 'yes' | 'no';
  comment: string;
  created_at: string;
  /** The resolution (rating_requests.id) the answer was given for; null for links mailed before there were any. */
  resolution_id: number | null;
}

/** One resolution of a ticket that asked the client "Did this solve it?". */
export interface RatingRequestsTable {
  id: Generated<number>;
  ticket_id: number;
  created_at: string;
  /** When the ticket left Resolved/Closed after it: an answer for it no longer counts as satisfied. */
  reopened_at: string | null;
}

/** A tag on a ticket (tags are `ticket_tag` terms; a ticket has any number of them). */
export interface TicketTagsTable {
  ticket_id: number;
  term_id: number;
}

/** The ticket version an agent last saw; the ticket is unread for them while its version is higher. */
export interface TicketReadsTable {
  user_id: number;
  ticket_id: number;
  version: number;
}

/** A schedule service levels count time on: a week of local intervals in a zone (business-hours/business-time.ts). */
export interface BusinessHoursTable {
  id: Generated<number>;
  name: string;
  /** IANA zone; null: the site's time zone. */
  time_zone: string | null;
  /** JSON: seven arrays of {start, end} ('HH:MM'), Sunday first. */
  week: string;
  /** 1 on the one default schedule. */
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One dated exception to a schedule's week: a holiday (no intervals) or a day with other hours. */
export interface BusinessHoursOverridesTable {
  id: Generated<number>;
  business_hours_id: number;
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  name: Generated<string>;
  /** JSON array of {start, end}; [] = closed. */
  intervals: string;
}

/** A service-level policy (server/domain/sla/); its JSON columns are read by `sla-policy.ts`. */
export interface SlaPoliciesTable {
  id: Generated<number>;
  name: string;
  position: number;
  conditions: string;
  /** The schedule its clock runs on (business_hours); null: around the clock. */
  business_hours_id: number | null;
  targets: string;
  pause_statuses: string;
  warn_before_minutes: number;
  created_at: string;
  updated_at: string;
}

/** A ticket's service level: its policy (null: none matched), its channel, the earliest due time of its running targets. */
export interface TicketSlaTable {
  ticket_id: number;
  policy_id: number | null;
  channel: string | null;
  next_due_at: string | null;
  /** A copy of the ticket's status, kept by migration 062's triggers (the service-level views' tabs count by it). */
  status_term_id: Generated<number | null>;
}

/** One of a ticket's targets (first_reply, next_reply, resolution) and the business time it used. */
export interface TicketSlaTargetsTable {
  ticket_id: number;
  metric: string;
  target_seconds: number;
  started_at: string;
  status: string;
  due_at: string | null;
  met_at: string | null;
  breached_at: string | null;
  business_seconds_used: number;
  running_since: string | null;
  paused_at: string | null;
  /** When its warning is due: `due_at` less the policy's warning minutes (null: none to send). */
  warn_at: string | null;
  /** When its warning was sent; kept when the ticket changes, so a target is warned of once. */
  warned_at: string | null;
}

/** What the reports measure on one ticket, written when it happens (migration 037; `_s` calendar, `_bs` business seconds). */
export interface TicketReportFactsTable {
  ticket_id: number;
  created_at: string;
  channel: string | null;
  status: string | null;
  first_reply_at: string | null;
  first_reply_s: number | null;
  first_reply_bs: number | null;
  resolved_at: string | null;
  resolution_s: number | null;
  resolution_bs: number | null;
  client_wait_s: number | null;
  client_wait_bs: number | null;
  reopen_count: Generated<number>;
  held_s: Generated<number>;
  held_bs: Generated<number>;
  held_since: string | null;
  awaiting_since: string | null;
}

/** One next reply: a staff reply to a client's message that followed an earlier staff reply. */
export interface TicketReportRepliesTable {
  ticket_id: number;
  replied_at: string;
  seconds: number;
  business_seconds: number;
}

/** One stay of a ticket in Resolved or Closed: from its move there to its reopening (null while it lasts; migration 099). */
export interface TicketReportResolutionsTable {
  ticket_id: number;
  resolved_at: string;
  reopened_at: string | null;
}

/** One weekly report mail queued for an admin (the claim that makes it one a week; send-weekly-reports.ts). */
export interface WeeklyReportMailsTable {
  user_id: number;
  /** The Monday (YYYY-MM-DD, recipient's zone) of the week reported on. */
  week: string;
  created_at: string;
}

/** One thing a widget session did (issue 38, deflection); one row per (session, event, doc_id). */
export interface WidgetEventsTable {
  /** The widget's random id for one page session: names no person. */
  session: string;
  event: string;
  /** 0 when the event is about no doc. */
  doc_id: Generated<number>;
  /** `submitted`: the ticket the session filed. */
  ticket_id: number | null;
  created_at: string;
}

/** A search of the widget's that found no doc (its text stripped of addresses and numbers), once per session. */
export interface WidgetEmptySearchesTable {
  session: string;
  query: string;
  created_at: string;
}

/** A webhook subscription (migration 100, server/webhooks/). */
export interface WebhookSubscriptionsTable {
  id: Generated<number>;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  enabled: number;
  disabled_reason: string | null;
  /** Encrypted (secret-box) `whsec_…`. */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  /** Where deliveries go: `standard` (signed envelope) or `slack` (an incoming-webhook message). */
  destination: Generated<WebhookDestination>;
  /** Since when every attempt has failed (the first failure after a success); null after a 2xx (migration 120). */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookDestination = 'standard' | 'slack';

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  message_id: string;
  event_type: string;
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  next_delay_ms: number | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  status: number | null;
  error: string | null;
  response: string | null;
  duration_ms: number;
  created_at: string;
}

/** An automation (migration 130, server/domain/rules/): conditions and actions are JSON, `wait` for time rules. */
export interface RulesTable {
  id: Generated<number>;
  name: string;
  enabled: number;
  position: number;
  trigger: string;
  match: string;
  conditions: string;
  actions: string;
  wait: string | null;
  created_at: string;
  updated_at: string;
}

/** One firing of a rule on a ticket: unique per (rule, ticket, marker), the claim that makes it fire once. */
export interface RuleFiringsTable {
  id: Generated<number>;
  rule_id: number;
  ticket_id: number;
  marker: number;
  fired_at: string;
}

/** A staff member's part in fair assignment (migration 140, server/domain/assignment/); no row: available, the site's limit. */
export interface AgentAssignmentTable {
  user_id: number;
  /** 1: takes new tickets ("Available"); 0: "Away". */
  available: Generated<number>;
  /** Open tickets at most; null: the site's `tickets.open_ticket_limit`. */
  open_ticket_limit: number | null;
  /** The business-hours schedule this person works; null: whenever available. */
  schedule_id: number | null;
  /** The assigner's counter when last given a ticket (the round robin's order). */
  last_assigned_seq: Generated<number>;
  updated_at: string;
}

export type AssignmentMode = 'off' | 'round_robin' | 'fewest_open';

/** A product's own assignment mode, over the site's. */
export interface ProductAssignmentModesTable {
  product_id: number;
  mode: AssignmentMode;
}

/** The one row every assignment raises first (its lock) and the counter the round robin orders by. */
export interface AssignmentStateTable {
  id: number;
  seq: number;
}

/** A ticket waiting for an agent with room, assigned oldest first. */
export interface AssignmentQueueTable {
  ticket_id: number;
  queued_at: string;
}

/** One audit entry (migration 190, server/audit/): insert-only; the actor's name and role copied in at the time. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** Null from the CLI, for a failed sign-in, or once the account is deleted. */
  actor_id: number | null;
  actor_name: Generated<string>;
  actor_role: string | null;
  ip: string | null;
  /** common/audit-actions.ts */
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: Generated<string>;
  /** JSON object; secrets masked as "••••". */
  details: Generated<string>;
}
export type AuditLogRow = Selectable<AuditLogTable>;

/** A client copied in on a ticket (`cc`) or a staff member following it (`follower`). */
export interface TicketParticipantsTable {
  id: Generated<number>;
  ticket_id: number;
  user_id: number;
  kind: 'cc' | 'follower';
  added_by: number | null;
  created_at: string;
}

/** One erasure of a client (server/domain/privacy/): no personal data, only when, who, how and how much. */
export interface ErasuresTable {
  id: Generated<number>;
  erased_at: string;
  /** The admin who erased; null from the CLI or once that admin is gone. */
  by_user_id: number | null;
  mode: 'delete' | 'anonymise';
  tickets: number;
  messages: number;
  files: number;
  outbox_mails: number;
}
