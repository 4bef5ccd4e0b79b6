import { type SqlBool, sql } from 'kysely';
import type { DomainContext } from '../context.js';

export interface ClientListEntry {
  id: number;
  name: string;
  email: string;
  organisation: { id: number; name: string } | null;
  tickets: number;
  disabledAt: string | null;
}

/**
 * Clients by name, merged accounts left out; `search` matches a part of the name or any address (case
 * ignored), `organisation` keeps one organisation's clients.
 */
export async function listClients(
  ctx: DomainContext,
  query: { search?: string; organisation?: number; page: number; perPage: number },
): Promise<{ clients: ClientListEntry[]; total: number }> {
  const search = query.search?.trim().toLowerCase();
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const base = ctx.db
    .selectFrom('users as u')
    .where('u.role', '=', 'client')
    .where('u.merged_into_id', 'is', null)
    .$if(query.organisation !== undefined, (q) => q.where('u.organisation_id', '=', query.organisation ?? 0))
    .$if(like !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          sql<SqlBool>`lower(u.name) like ${like} escape '\\'`,
          sql<SqlBool>`u.email like ${like} escape '\\'`,
          eb.exists(
            eb
              .selectFrom('client_addresses as a')
              .select('a.id')
              .whereRef('a.user_id', '=', 'u.id')
              .where(sql<SqlBool>`a.address like ${like} escape '\\'`),
          ),
        ]),
      ),
    );
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('organisations as o', 'o.id', 'u.organisation_id')
      .select((eb) => [
        'u.id',
        'u.name',
        'u.email',
        'u.disabled_at',
        'o.id as org_id',
        'o.name as org_name',
        eb
          .selectFrom('posts as p')
          .whereRef('p.author_id', '=', 'u.id')
          .where('p.type', '=', 'ticket')
          .select(eb.fn.countAll<number>().as('n'))
          .as('tickets'),
      ])
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    clients: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      organisation: r.org_id !== null && r.org_name !== null ? { id: r.org_id, name: r.org_name } : null,
      tickets: Number(r.tickets ?? 0),
      disabledAt: r.disabled_at,
    })),
  };
}
