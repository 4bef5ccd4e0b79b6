import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';

/** What route plugins are given: the domain context and the resolved configuration. */
export interface RouteServices {
  ctx: DomainContext;
  config: Config;
}
