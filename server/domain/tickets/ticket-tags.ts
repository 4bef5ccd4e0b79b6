import { createHash } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { TAG_NAME_MAX_LENGTH, TAGS_PER_TICKET_MAX } from '../../../common/limits.js';
import type { Database } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import { slugify } from '../content/slugify.js';
import type { TicketChange } from './ticket-activity.js';

/** A query of ticket ids, one column, whatever it selects them from. */
// biome-ignore lint/suspicious/noExplicitAny: any tables or derived tables may give the ids.
export type TicketIdsQuery = SelectQueryBuilder<any, any, { id: number }>;

/** A tag as the API shows it. */
export interface Tag {
  id: number;
  name: string;
  slug: string;
  color: string;
}

/**
 * Colours a new tag gets when none is chosen (picked by its name, so the same word gets the same colour on
 * every install). Each is dark enough for white text at 4.5:1 (WCAG AA), which the admin app uses on chips.
 */
export const TAG_COLORS = ['#1d4ed8', '#047857', '#b91c1c', '#7c3aed', '#a16207', '#0e7490', '#be185d', '#4b5563'] as const;

export function defaultTagColor(name: string): string {
  const digest = createHash('sha256').update(name.toLowerCase()).digest();
  return TAG_COLORS[(digest[0] ?? 0) % TAG_COLORS.length] as string;
}

/** A tag's name as stored: trimmed, inner spaces collapsed. */
export function cleanTagName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * The slug that makes a tag unique: "Refund", "refund" and " refund " are one tag. A name with no ASCII
 * letter or digit ("срочно") gets one from its hash, so such tags do not all share one slug.
 */
export function tagSlug(name: string): string {
  const clean = cleanTagName(name).toLowerCase();
  if (/[a-z0-9]/.test(clean.normalize('NFKD'))) return slugify(clean);
  return `tag-${createHash('sha256').update(clean).digest('hex').slice(0, 12)}`;
}

type TagRow = { id: number; name: string; slug: string; color: string | null };

export function presentTag(row: TagRow): Tag {
  return { id: row.id, name: row.name, slug: row.slug, color: row.color ?? defaultTagColor(row.name) };
}

/**
 * The tags named, created when new (typing a new tag in the admin app makes it). Two agents creating the same
 * tag at once both get the one row: the insert ignores a taken slug, then everything is read back.
 */
export async function findOrCreateTags(db: Kysely<Database>, names: string[]): Promise<TagRow[]> {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const clean = cleanTagName(name);
    if (!clean) throw invalidField('tags', message('problems.tag.no_name'));
    if (clean.length > TAG_NAME_MAX_LENGTH)
      throw invalidField('tags', message('problems.tag.too_long', { start: clean.slice(0, 20), max: TAG_NAME_MAX_LENGTH }));
    if (!bySlug.has(tagSlug(clean))) bySlug.set(tagSlug(clean), clean);
  }
  if (bySlug.size === 0) return [];
  const slugs = [...bySlug.keys()];
  const existing = await db.selectFrom('terms').select('slug').where('taxonomy', '=', 'ticket_tag').where('slug', 'in', slugs).execute();
  const known = new Set(existing.map((r) => r.slug));
  const missing = slugs.filter((slug) => !known.has(slug));
  if (missing.length)
    await db
      .insertInto('terms')
      .values(
        missing.map((slug) => {
          const name = bySlug.get(slug) as string;
          return { taxonomy: 'ticket_tag' as const, name, slug, term_order: 0, client_label: null, color: defaultTagColor(name) };
        }),
      )
      .onConflict((oc) => oc.columns(['taxonomy', 'slug']).doNothing())
      .execute();
  const rows = await db
    .selectFrom('terms')
    .select(['id', 'name', 'slug', 'color'])
    .where('taxonomy', '=', 'ticket_tag')
    .where('slug', 'in', slugs)
    .execute();
  const order = new Map(slugs.map((slug, index) => [slug, index]));
  return rows.sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
}

/**
 * The tags of the tickets `tickets` names, by name, in one query: ids, or a query of ids (then asked in the same
 * round of queries as the tickets themselves). A ticket without tags has no entry.
 */
export async function tagsOfTickets(db: Kysely<Database>, tickets: number[] | TicketIdsQuery): Promise<Map<number, Tag[]>> {
  const byTicket = new Map<number, Tag[]>();
  if (Array.isArray(tickets) && tickets.length === 0) return byTicket;
  // One `in` per query: PostgreSQL reads an `or` of two of them by scanning every ticket's tags.
  const rows = await db
    .selectFrom('ticket_tags as tt')
    .innerJoin('terms as t', 't.id', 'tt.term_id')
    .select(['tt.ticket_id', 't.id', 't.name', 't.slug', 't.color'])
    .where('tt.ticket_id', 'in', tickets)
    .orderBy('t.name')
    .execute();
  for (const row of rows) {
    const tags = byTicket.get(row.ticket_id);
    if (tags) tags.push(presentTag(row));
    else byTicket.set(row.ticket_id, [presentTag(row)]);
  }
  return byTicket;
}

/**
 * Adds and removes tags on one ticket inside the caller's transaction; returns one activity entry per tag
 * that actually came or went (the caller records them with who and when).
 */
export async function changeTicketTags(
  trx: Kysely<Database>,
  ticketId: number,
  change: { set?: string[]; add?: string[]; remove?: string[] },
): Promise<TicketChange[]> {
  const current = await trx
    .selectFrom('ticket_tags as tt')
    .innerJoin('terms as t', 't.id', 'tt.term_id')
    .select(['t.id', 't.name', 't.slug'])
    .where('tt.ticket_id', '=', ticketId)
    .execute();
  const currentIds = new Set(current.map((t) => t.id));
  let wanted: TagRow[];
  if (change.set !== undefined) wanted = await findOrCreateTags(trx, change.set);
  else {
    const removeSlugs = new Set((change.remove ?? []).map(tagSlug));
    const kept = current.filter((t) => !removeSlugs.has(t.slug)).map((t) => ({ ...t, color: null }));
    const added = await findOrCreateTags(trx, change.add ?? []);
    wanted = [...kept, ...added.filter((t) => !currentIds.has(t.id))];
  }
  const wantedIds = new Set(wanted.map((t) => t.id));
  if (wantedIds.size > TAGS_PER_TICKET_MAX) throw invalidField('tags', message('problems.tag.too_many', { max: TAGS_PER_TICKET_MAX }));
  const removed = current.filter((t) => !wantedIds.has(t.id));
  const added = wanted.filter((t) => !currentIds.has(t.id));
  if (removed.length)
    await trx
      .deleteFrom('ticket_tags')
      .where('ticket_id', '=', ticketId)
      .where(
        'term_id',
        'in',
        removed.map((t) => t.id),
      )
      .execute();
  if (added.length)
    await trx
      .insertInto('ticket_tags')
      .values(added.map((t) => ({ ticket_id: ticketId, term_id: t.id })))
      .execute();
  return [
    ...removed.map((t): TicketChange => ({ kind: 'field', field: 'tag', oldValue: t.name, newValue: null })),
    ...added.map((t): TicketChange => ({ kind: 'field', field: 'tag', oldValue: null, newValue: t.name })),
  ];
}
