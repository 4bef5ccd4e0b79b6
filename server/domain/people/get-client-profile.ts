import type { DomainContext } from '../context.js';
import { findClient, readAttributes } from './find-client.js';

/** How many of a client's tickets and ratings the profile shows, newest first. */
export const PROFILE_TICKETS_SHOWN = 50;

export interface ClientProfile {
  id: number;
  name: string;
  email: string;
  /** Their other addresses (mail from any of them finds this client). */
  addresses: string[];
  language: string | null;
  notes: string;
  attributes: Record<string, string>;
  organisation: { id: number; name: string } | null;
  disabledAt: string | null;
  mergedIntoId: number | null;
  createdAt: string;
  tickets: Array<{ id: number; number: number | null; title: string; status: string; statusName: string; updatedAt: string }>;
  ticketCount: number;
  ratings: Array<{ ticketId: number; ticketNumber: number | null; rating: 'yes' | 'no'; comment: string; createdAt: string }>;
}

/** A client's profile for staff: the account, addresses, organisation, tickets with their status, and ratings. */
export async function getClientProfile(ctx: DomainContext, id: number): Promise<ClientProfile> {
  const user = await findClient(ctx.db, id);
  const [addresses, organisation, tickets, count, ratings] = await Promise.all([
    ctx.db.selectFrom('client_addresses').select('address').where('user_id', '=', id).orderBy('address').execute(),
    user.organisation_id === null
      ? undefined
      : ctx.db.selectFrom('organisations').select(['id', 'name']).where('id', '=', user.organisation_id).executeTakeFirst(),
    ctx.db
      .selectFrom('posts as p')
      .leftJoin('terms as t', 't.id', 'p.status_term_id')
      .select(['p.id', 'p.number', 'p.title', 'p.updated_at', 't.slug', 't.name'])
      .where('p.type', '=', 'ticket')
      .where('p.author_id', '=', id)
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(PROFILE_TICKETS_SHOWN)
      .execute(),
    ctx.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'ticket')
      .where('author_id', '=', id)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('ticket_ratings as r')
      .innerJoin('posts as p', 'p.id', 'r.ticket_id')
      .select(['r.ticket_id', 'p.number', 'r.rating', 'r.comment', 'r.created_at'])
      .where('p.author_id', '=', id)
      .orderBy('r.created_at', 'desc')
      .limit(PROFILE_TICKETS_SHOWN)
      .execute(),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    addresses: addresses.map((a) => a.address),
    language: user.language,
    notes: user.notes,
    attributes: readAttributes(user.attributes),
    organisation: organisation ?? null,
    disabledAt: user.disabled_at,
    mergedIntoId: user.merged_into_id,
    createdAt: user.created_at,
    tickets: tickets.map((t) => ({
      id: t.id,
      number: t.number,
      title: t.title,
      status: t.slug ?? '',
      statusName: t.name ?? '',
      updatedAt: t.updated_at,
    })),
    ticketCount: Number(count.n),
    ratings: ratings.map((r) => ({
      ticketId: r.ticket_id,
      ticketNumber: r.number,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.created_at,
    })),
  };
}
