import type { Readable } from 'node:stream';
import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { isPublicComment } from '../tickets/public-comment.js';
import { type ZipEntry, zipStream } from './zip-stream.js';

/** What `client.json` holds: the person's own data, as they could read it on the help site. */
export interface ClientExport {
  exported_at: string;
  profile: { id: number; email: string; name: string; language: string | null; time_zone: string | null; created_at: string };
  tickets: Array<{
    id: number;
    number: number | null;
    subject: string;
    description: string;
    status: string;
    created_at: string;
    updated_at: string;
    messages: Array<{ id: number; from: 'you' | 'agent' | 'bot'; text: string; created_at: string; files: string[] }>;
    files: string[];
  }>;
  ratings: Array<{ ticket_id: number; rating: 'yes' | 'no'; comment: string; created_at: string }>;
  /** No consent is recorded by this help desk yet; the key is kept so the file's shape does not change. */
  consents: [];
}

/**
 * A client's data as a ZIP: `client.json` (profile, the tickets they filed with the messages they can see,
 * their ratings) and `files/…` (the files of those tickets and messages still held). Never an internal note,
 * and never another person's message or file: only the client's own tickets, and on them only the client's
 * own messages and staff's public replies (a message another client wrote on the thread stays out). Throws
 * NOT_FOUND unless `clientId` is a client account.
 */
export async function exportClient(ctx: DomainContext, clientId: number, at = new Date()): Promise<{ fileName: string; body: Readable }> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language', 'time_zone', 'created_at', 'role'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (user?.role !== 'client') throw new AppError('NOT_FOUND', message('problems.people.no_account_id', { id: String(clientId) }));
  const tickets = await ctx.db
    .selectFrom('posts as p')
    .leftJoin('terms as t', 't.id', 'p.status_term_id')
    .select(['p.id', 'p.number', 'p.title', 'p.content', 'p.created_at', 'p.updated_at', 't.slug as status'])
    .where('p.type', '=', 'ticket')
    .where('p.author_id', '=', clientId)
    .orderBy('p.id')
    .execute();
  const ticketIds = tickets.map((t) => t.id);
  const comments = ticketIds.length
    ? await ctx.db
        .selectFrom('comments as c')
        .select(['c.id', 'c.post_id', 'c.author_id', 'c.author_role', 'c.content', 'c.created_at'])
        .where('c.post_id', 'in', ticketIds)
        .where(isPublicComment)
        .where((eb) => eb.or([eb('c.author_role', '!=', 'client'), eb('c.author_id', '=', clientId)]))
        .orderBy('c.id')
        .execute()
    : [];
  const commentIds = new Set(comments.map((c) => c.id));
  const files = ticketIds.length
    ? (
        await ctx.db
          .selectFrom('attachments')
          .select(['id', 'public_id', 'ticket_id', 'comment_id', 'name', 'storage_key'])
          .where('ticket_id', 'in', ticketIds)
          .where('is_pending', '=', 0)
          .where('removed_at', 'is', null)
          .orderBy('id')
          .execute()
      ).filter((f) => f.comment_id === null || commentIds.has(f.comment_id))
    : [];
  const ratings = ticketIds.length
    ? await ctx.db
        .selectFrom('ticket_ratings')
        .select(['ticket_id', 'rating', 'comment', 'created_at'])
        .where('ticket_id', 'in', ticketIds)
        .orderBy('id')
        .execute()
    : [];
  // A file's place in the archive: its public id keeps two files of one name apart.
  const pathOf = (f: (typeof files)[number]) => `files/${f.public_id}-${f.name.replace(/[/\\]/g, '_')}`;
  const data: ClientExport = {
    exported_at: at.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      language: user.language,
      time_zone: user.time_zone,
      created_at: user.created_at,
    },
    tickets: tickets.map((t) => ({
      id: t.id,
      number: t.number,
      subject: t.title,
      description: t.content,
      status: t.status ?? '',
      created_at: t.created_at,
      updated_at: t.updated_at,
      messages: comments
        .filter((c) => c.post_id === t.id)
        .map((c) => ({
          id: c.id,
          from: c.author_role === 'client' ? ('you' as const) : c.author_role,
          text: c.content,
          created_at: c.created_at,
          files: files.filter((f) => f.comment_id === c.id).map(pathOf),
        })),
      files: files.filter((f) => f.ticket_id === t.id && f.comment_id === null).map(pathOf),
    })),
    ratings: ratings.map((r) => ({ ticket_id: r.ticket_id, rating: r.rating, comment: r.comment, created_at: r.created_at })),
    consents: [],
  };
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: 'client.json', source: Buffer.from(`${JSON.stringify(data, null, 2)}\n`) };
    for (const file of files) yield { name: pathOf(file), source: await ctx.files.get(file.storage_key) };
  }
  return { fileName: `client-${clientId}-${at.toISOString().slice(0, 10)}.zip`, body: zipStream(entries(), at) };
}
