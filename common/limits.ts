// Every number shared by more than one place (server schemas, domain rules, help-site forms, the
// widget, the admin app) lives here once, so all of them refuse the same input.

/** The longest address RFC 5321 lets through a mail server. */
export const EMAIL_MAX_LENGTH = 254;

/** At most this many clients are copied in on one ticket (mail's To/Cc, staff, a merge); the rest are left out. */
export const CC_MAX = 48;

/** A client's or an organisation's custom attributes: how many, and how long a name and a value may be. */
export const CUSTOM_ATTRIBUTES = { max: 50, nameMax: 100, valueMax: 1000 } as const;

/** The longest ticket description (and custom text area). */
const DESCRIPTION_MAX_LENGTH = 20_000;

/** Field limits shared by the server's schemas and the widget's form, so both refuse the same input. */
export const TICKET_FIELD_LIMITS = {
  name: 200,
  email: EMAIL_MAX_LENGTH,
  subject: 200,
  description: DESCRIPTION_MAX_LENGTH,
  order_id: 100,
  idempotency_key: 100,
} as const;

/** Default and ceiling of the docs routes' `count` (spec §8); the ceiling is filterable. */
export const DOCS_DEFAULT_COUNT = 10;

/**
 * The widget's doc suggestions and article views per network address and minute. A visitor's typing asks at
 * most once per pause (300 ms), so 120 covers a few people behind one office NAT writing at once.
 */
export const DOCS_SUGGEST_PER_ADDRESS_MINUTE = 120;
export const DOCS_ARTICLE_PER_ADDRESS_MINUTE = 60;
/** AI answers to suggestions per address and minute: each is a paid call to the AI backend taking seconds. */
export const DOCS_ANSWER_PER_ADDRESS_MINUTE = 10;
/** Suggestions per request: the widget shows three, a page may ask for up to five. */
export const DOCS_SUGGEST_DEFAULT = 3;
export const DOCS_SUGGEST_MAX = 5;
export const DOCS_MAX_PER_PAGE_DEFAULT = 100;

/** Largest request body the API accepts (bytes); bigger bodies get a 413 problem. */
export const API_BODY_LIMIT = 1_048_576;

/** Tickets per page in the help site's [helpdesk_tickets] list. */
export const CLIENT_TICKETS_PER_PAGE = 20;

/** Passwords: long enough to resist guessing, short enough that hashing stays cheap. */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/**
 * Days an invitation's link works. Longer than a password reset's hour: an invitation waits for someone who
 * may be away for a week, and it opens a new account that nobody uses yet, not someone's working one.
 */
export const INVITATION_LINK_DAYS = 7;

/** One-line names people give things: reasons, urgencies, statuses, products, agents. */
export const LABEL_MAX_LENGTH = 200;

/** Slugs of posts and terms (`a-z`, `0-9`, inner hyphens). */
export const SLUG_MAX_LENGTH = 80;

/** Names of API tokens. */
export const API_TOKEN_NAME_MAX_LENGTH = 100;

/** Secret tokens (sign-in links, sessions, API tokens) are far shorter: a longer one is unknown without a query. */
export const SECRET_TOKEN_MAX_LENGTH = 200;

/** Custom fields of the help site's new-ticket form (Tickets → Form fields): one line, or a text area as long as a description. */
// A plain constant rather than a property read: esbuild keeps an unused object that reads a property (a getter
// could run), which put this one into the widget's bundle although the widget never uses it.
export const CUSTOM_TICKET_FIELD_LIMITS = { text: 1000, textarea: DESCRIPTION_MAX_LENGTH } as const;

/** The longest reply or note, on the API and the help site's reply form. */
export const COMMENT_TEXT_MAX = 50_000;

/** Saved replies: the title's length, and how many one search answers (the composer shows a short list). */
export const SAVED_REPLY_TITLE_MAX = 200;
export const SAVED_REPLY_SEARCH_MAX = 50;
/** The longest comment a client may add to their answer to "Did this solve it?". */
export const RATING_COMMENT_MAX = 2_000;

/** Notifications per page of an agent's list (and the most one page may ask for). */
export const NOTIFICATIONS_PER_PAGE = 20;
export const NOTIFICATIONS_MAX_PER_PAGE = 100;

/** Team inbox: a tag's name, the tags on one ticket, the tickets one bulk change may touch. */
export const TAG_NAME_MAX_LENGTH = 40;
export const TAGS_PER_TICKET_MAX = 20;
export const BULK_TICKETS_MAX = 500;

/** Tickets merged into one at once: a merge is one transaction, and twenty requests are one conversation at most. */
export const MERGE_TICKETS_MAX = 20;

/** Messages moved to a new ticket by one split. */
export const COMMENT_SPLIT_MAX = 500;

/** Business hours: a schedule's name, the intervals of one day, the dated overrides (holidays, special days) one keeps. */
export const BUSINESS_HOURS_NAME_MAX = 100;
export const BUSINESS_HOURS_INTERVALS_PER_DAY_MAX = 12;
export const BUSINESS_HOURS_OVERRIDES_MAX = 1_000;
