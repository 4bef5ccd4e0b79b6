/** A rewrite rule: a pattern on the path (no leading slash) and the query vars a match sets. */
export interface RewriteRule {
  pattern: RegExp;
  queryVars: (match: RegExpExecArray) => Record<string, string>;
}

/** The help site's rules, first match wins (spec §4.1: `^helpdesk/tickets/embed/?$`). */
export const REWRITE_RULES: RewriteRule[] = [
  { pattern: /^$/, queryVars: () => ({ helpdesk_page: 'home' }) },
  // A file name, not a page: never slashed (the canonical redirect leaves it alone).
  { pattern: /^robots\.txt$/, queryVars: () => ({ helpdesk_robots: '1' }) },
  { pattern: /^helpdesk\/tickets\/embed\/?$/, queryVars: () => ({ helpdesk_tickets_embed: '1' }) },
  // The widget's attachment code, loaded when its form opens: the same endpoint, so a site that takes
  // the widget offline (template_redirect on helpdesk_tickets_embed) takes this part offline with it.
  {
    pattern: /^helpdesk\/tickets\/embed\/files\/?$/,
    queryVars: () => ({ helpdesk_tickets_embed: '1', helpdesk_tickets_embed_part: 'files' }),
  },
  // The widget's doc suggestions and article view, loaded when the visitor first types (issue 38).
  {
    pattern: /^helpdesk\/tickets\/embed\/suggest\/?$/,
    queryVars: () => ({ helpdesk_tickets_embed: '1', helpdesk_tickets_embed_part: 'suggest' }),
  },
  { pattern: /^login\/first-admin\/?$/, queryVars: () => ({ helpdesk_first_admin: '1' }) },
  { pattern: /^login\/?$/, queryVars: () => ({ helpdesk_login: '1' }) },
  { pattern: /^login\/ticket\/?$/, queryVars: () => ({ helpdesk_ticket_link: '1' }) },
  { pattern: /^login\/(confirm|reset|welcome)\/?$/, queryVars: (m) => ({ helpdesk_password_link: m[1] as string }) },
  // The answer links of the "Did this solve it?" mail.
  { pattern: /^rating\/?$/, queryVars: () => ({ helpdesk_rating: '1' }) },
  { pattern: /^login\/forgot\/?$/, queryVars: () => ({ helpdesk_forgot_password: '1' }) },
  { pattern: /^docs\/?$/, queryVars: () => ({ helpdesk_docs: 'index' }) },
  {
    pattern: /^docs\/product\/([^/]+)\/?$/,
    queryVars: (m) => ({ helpdesk_docs: 'product', helpdesk_doc_slug: decodeSlug(m[1] as string) }),
  },
  { pattern: /^docs\/([^/]+)\/?$/, queryVars: (m) => ({ helpdesk_docs: 'doc', helpdesk_doc_slug: decodeSlug(m[1] as string) }) },
  // The default ticket pages also answer without their slash (the canonical redirect adds it).
  { pattern: /^(tickets|tickets\/new)\/?$/, queryVars: (m) => ({ helpdesk_pagename: m[1] as string }) },
  // Any other page by its slug; only slashed addresses, so unknown slash-less paths stay plain 404s.
  { pattern: /^([a-z0-9][a-z0-9\-/]*)\/$/, queryVars: (m) => ({ helpdesk_pagename: m[1] as string }) },
];

// A malformed escape (`%zz`) is looked up as typed and simply matches nothing.
function decodeSlug(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The query vars of the first rule matching `path`, or null when no rule matches (a 404). */
export function matchRewriteRules(rules: RewriteRule[], path: string): Record<string, string> | null {
  for (const rule of rules) {
    const match = rule.pattern.exec(path);
    if (match) return rule.queryVars(match);
  }
  return null;
}
