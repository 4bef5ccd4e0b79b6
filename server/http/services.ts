import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import type { CounterStore } from '../intake/counter-store.js';
import type { ProcessHealth } from './process-health.js';
import type { DocsFastPath } from './routes/docs/docs-fast-path.js';

/** What route plugins are given: the domain context, the resolved configuration, shared counters. */
export interface RouteServices {
  ctx: DomainContext;
  config: Config;
  counters: CounterStore;
  /** The docs list's socket fast path, told which addresses the route answered (absent: no fast path). */
  docsFastPath?: DocsFastPath;
  /** What this process runs besides HTTP (the mail worker), for /readyz and /metrics; absent: nothing. */
  health?: ProcessHealth;
}
