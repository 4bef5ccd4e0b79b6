import type { CounterHit, CounterKey, CounterStore } from './counter-store.js';

/** One fixed-window limit: at most `max` hits on `key` per `windowMs`; `name` is its refusal reason. */
export interface CountedLimit<Name extends string = string> extends CounterKey {
  name: Name;
  max: number;
}

/** The limit that refused a request, when the caller may retry, and the headers that say so. */
export interface Exceeded<Name extends string> {
  name: Name;
  retryAfterS: number;
  headers: Record<string, string>;
}

/**
 * Counts one hit on every limit and returns the refusal when any is exceeded (null otherwise); see
 * judgeLimits for what the refusal says.
 */
export async function hitLimits<Name extends string>(
  counters: CounterStore,
  limits: Array<CountedLimit<Name>>,
): Promise<Exceeded<Name> | null> {
  const hits = counters.hitAll
    ? await counters.hitAll(limits)
    : await Promise.all(limits.map((limit) => counters.hit(limit.key, limit.windowMs)));
  return judgeLimits(limits, hits);
}

/**
 * The refusal, if any, once every limit was hit (`hits[i]` is limit i's counter after its hit; the
 * filing statement on PostgreSQL hits them itself). The caller may retry once every exceeded window
 * has ended, so Retry-After is the longest of them; the RateLimit-Policy and RateLimit headers (IETF
 * draft) name the exceeded limits.
 */
export function judgeLimits<Name extends string>(
  limits: ReadonlyArray<CountedLimit<Name>>,
  hits: ReadonlyArray<CounterHit>,
): Exceeded<Name> | null {
  const exceeded = limits
    .map((limit, i) => ({ limit, hit: hits[i] ?? { count: 0, resetInMs: 0 } }))
    .filter(({ limit, hit }) => hit.count > limit.max);
  if (!exceeded.length) return null;
  const worst = exceeded.reduce((a, b) => (b.hit.resetInMs > a.hit.resetInMs ? b : a));
  const retryAfterS = Math.max(1, Math.ceil(worst.hit.resetInMs / 1000));
  const label = (l: CountedLimit<Name>) => `"${l.name.replace('limit_', '').replaceAll('_', '-')}"`;
  return {
    name: worst.limit.name,
    retryAfterS,
    headers: {
      'retry-after': String(retryAfterS),
      'ratelimit-policy': exceeded.map(({ limit }) => `${label(limit)};q=${limit.max};w=${limit.windowMs / 1000}`).join(', '),
      ratelimit: `${label(worst.limit)};r=0;t=${retryAfterS}`,
    },
  };
}
