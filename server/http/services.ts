import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import type { CounterStore } from '../intake/counter-store.js';

/** What route plugins are given: the domain context, the resolved configuration, shared counters. */
export interface RouteServices {
  ctx: DomainContext;
  config: Config;
  counters: CounterStore;
}
