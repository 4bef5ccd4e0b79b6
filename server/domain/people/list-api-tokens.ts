import type { DomainContext } from '../context.js';

export interface ApiTokenSummary {
  id: number;
  name: string;
  user: { id: number; email: string; name: string };
  created: string;
  last_used: string | null;
  expires: string | null;
}

/** Every API token (or one account's), newest first — names and times only: the secret is never stored. */
export async function listApiTokens(ctx: DomainContext, filter: { userId?: number } = {}): Promise<ApiTokenSummary[]> {
  let query = ctx.db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.label', 't.created_at', 't.last_used_at', 't.expires_at', 'u.id as userId', 'u.email', 'u.name'])
    .orderBy('t.id', 'desc');
  if (filter.userId !== undefined) query = query.where('t.user_id', '=', filter.userId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.label,
    user: { id: r.userId, email: r.email, name: r.name },
    created: r.created_at,
    last_used: r.last_used_at,
    expires: r.expires_at,
  }));
}
