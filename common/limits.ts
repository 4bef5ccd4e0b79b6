/** Field limits shared by the server's schemas and the widget's form, so both refuse the same input. */
export const TICKET_FIELD_LIMITS = {
  name: 200,
  email: 254,
  subject: 200,
  description: 20_000,
  order_id: 100,
  idempotency_key: 100,
} as const;

/** Default and ceiling of the docs routes' `count` (spec §8); the ceiling is filterable. */
export const DOCS_DEFAULT_COUNT = 10;
export const DOCS_MAX_PER_PAGE_DEFAULT = 100;

/** Largest request body the API accepts (bytes); bigger bodies get a 413 problem. */
export const API_BODY_LIMIT = 1_048_576;

/** Tickets per page in the help site's [helpdesk_tickets] list. */
export const CLIENT_TICKETS_PER_PAGE = 20;

/** Custom fields of the help site's new-ticket form (Tickets → Form fields): one line, or a text area as long as a description. */
export const CUSTOM_TICKET_FIELD_LIMITS = { text: 1000, textarea: TICKET_FIELD_LIMITS.description } as const;

/** The longest reply or note, on the API and the help site's reply form. */
export const COMMENT_TEXT_MAX = 50_000;
