import type { DomainContext } from '../context.js';
import { type DeflectionFunnel, deflectionFunnel, type SessionEvent } from './deflection-outcomes.js';
import type { WidgetEventName } from './widget-event-names.js';

export interface DocAnswers {
  id: number;
  title: string;
  helped: number;
  notHelped: number;
}

export interface DeflectionReport {
  funnel: DeflectionFunnel;
  docs: DocAnswers[];
  /** The searches that found no doc, most asked first, with how many sessions asked. */
  emptySearches: Array<{ query: string; count: number }>;
}

/** The deflection figures of the widget sessions that began since `since` (an ISO time). */
export async function readDeflection(ctx: DomainContext, since: string): Promise<DeflectionReport> {
  const rows = await ctx.db
    .selectFrom('widget_events')
    .select(['session', 'event', 'doc_id', 'created_at'])
    .where('session', 'in', (eb) => eb.selectFrom('widget_events').select('session').distinct().where('created_at', '>=', since))
    .execute();
  const sessions = new Map<string, SessionEvent[]>();
  const answers = new Map<number, { helped: number; notHelped: number }>();
  for (const row of rows) {
    const event = row.event as WidgetEventName;
    sessions.set(row.session, [...(sessions.get(row.session) ?? []), { event, createdAt: row.created_at }]);
    if (row.doc_id && (event === 'helped' || event === 'not_helped')) {
      const counts = answers.get(row.doc_id) ?? { helped: 0, notHelped: 0 };
      if (event === 'helped') counts.helped++;
      else counts.notHelped++;
      answers.set(row.doc_id, counts);
    }
  }
  const titles = answers.size
    ? await ctx.db
        .selectFrom('posts')
        .select(['id', 'title'])
        .where('id', 'in', [...answers.keys()])
        .execute()
    : [];
  const docs = titles
    .map((t) => ({ id: t.id, title: t.title, ...(answers.get(t.id) ?? { helped: 0, notHelped: 0 }) }))
    .sort((a, b) => b.helped + b.notHelped - (a.helped + a.notHelped) || a.id - b.id);
  const searches = await ctx.db
    .selectFrom('widget_empty_searches')
    .select((eb) => ['query', eb.fn.countAll<number | string>().as('n')])
    .where('created_at', '>=', since)
    .groupBy('query')
    .orderBy('n', 'desc')
    .orderBy('query')
    .limit(50)
    .execute();
  return {
    funnel: deflectionFunnel([...sessions.values()], ctx.now()),
    docs,
    emptySearches: searches.map((s) => ({ query: s.query, count: Number(s.n) })),
  };
}
