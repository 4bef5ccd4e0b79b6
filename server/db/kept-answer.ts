import type { Kysely } from 'kysely';
import { performanceOffOfDatabase } from './performance-off-of.js';
import type { Database } from './tables.js';

// A yes/no question that many writes ask and few writes change ("is any webhook subscription enabled?", "any
// service-level policy?") is kept briefly per database: the `caches` mechanism, docs/PERFORMANCE.md. A write
// through this process forgets the answer at once; one through another instance counts within the TTL.
const TTL_MS = 2_000;

export interface KeptAnswer {
  /** The answer for the database of `db`, a database's Kysely or one of its transactions. */
  ask(db: Kysely<Database>): Promise<boolean>;
  /** Called after a write that may change the answer: the next question reads the database again. */
  forget(db: Kysely<Database>): void;
}

export function keptAnswer(read: (db: Kysely<Database>) => Promise<boolean>): KeptAnswer {
  // Keyed by the database's adapter, which its transactions share: the question is asked from inside them. Each
  // database has its own answer, so tests on several databases in one process do not see each other's.
  const kept = new WeakMap<object, { expiresAt: number; answer: Promise<boolean> }>();
  return {
    ask(db) {
      if (performanceOffOfDatabase(db).has('caches')) return read(db);
      const key = db.getExecutor().adapter;
      const hit = kept.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.answer;
      const answer = read(db);
      kept.set(key, { expiresAt: Date.now() + TTL_MS, answer });
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key);
      });
      return answer;
    },
    forget(db) {
      kept.delete(db.getExecutor().adapter);
    },
  };
}
