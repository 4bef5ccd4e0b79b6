/** A rewrite rule: a pattern on the path (no leading slash) and the query vars a match sets. */
export interface RewriteRule {
  pattern: RegExp;
  queryVars: (match: RegExpExecArray) => Record<string, string>;
}

/** The help site's rules, first match wins (spec §4.1: `^helpdesk/tickets/embed/?$`). */
export const REWRITE_RULES: RewriteRule[] = [
  { pattern: /^$/, queryVars: () => ({ helpdesk_page: 'home' }) },
  { pattern: /^helpdesk\/tickets\/embed\/?$/, queryVars: () => ({ helpdesk_tickets_embed: '1' }) },
  { pattern: /^login\/first-admin\/?$/, queryVars: () => ({ helpdesk_first_admin: '1' }) },
];

/** The query vars of the first rule matching `path`, or null when no rule matches (a 404). */
export function matchRewriteRules(rules: RewriteRule[], path: string): Record<string, string> | null {
  for (const rule of rules) {
    const match = rule.pattern.exec(path);
    if (match) return rule.queryVars(match);
  }
  return null;
}
