import type { DomainContext } from '../context.js';
import { readAttributes } from './find-client.js';
import { noOrganisation } from './save-organisation.js';

export interface Organisation {
  id: number;
  name: string;
  domains: string[];
  notes: string;
  attributes: Record<string, string>;
  createdAt: string;
  clients: number;
  tickets: number;
}

/** Organisations by name with their domains and how many clients and tickets they have; `ids` narrows them. */
export async function listOrganisations(ctx: DomainContext, ids?: number[]): Promise<Organisation[]> {
  if (ids?.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('organisations as o')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.notes',
      'o.attributes',
      'o.created_at',
      eb
        .selectFrom('users as u')
        .whereRef('u.organisation_id', '=', 'o.id')
        .where('u.merged_into_id', 'is', null)
        .select(eb.fn.countAll<number>().as('n'))
        .as('clients'),
      eb
        .selectFrom('posts as p')
        .innerJoin('users as u', 'u.id', 'p.author_id')
        .whereRef('u.organisation_id', '=', 'o.id')
        .where('p.type', '=', 'ticket')
        .select(eb.fn.countAll<number>().as('n'))
        .as('tickets'),
    ])
    .$if(ids !== undefined, (q) => q.where('o.id', 'in', ids ?? []))
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
  const domains = rows.length
    ? await ctx.db
        .selectFrom('organisation_domains')
        .selectAll()
        .where(
          'organisation_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('domain')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    notes: r.notes,
    attributes: readAttributes(r.attributes),
    createdAt: r.created_at,
    domains: domains.filter((d) => d.organisation_id === r.id).map((d) => d.domain),
    clients: Number(r.clients ?? 0),
    tickets: Number(r.tickets ?? 0),
  }));
}

/** One organisation, or NOT_FOUND. */
export async function getOrganisation(ctx: DomainContext, id: number): Promise<Organisation> {
  const [found] = await listOrganisations(ctx, [id]);
  if (!found) throw noOrganisation(id);
  return found;
}
