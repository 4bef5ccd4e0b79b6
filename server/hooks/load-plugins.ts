import type { Config } from '../config/config-types.js';
import { registerCoreProductPostTypes } from '../domain/content/product-post-types.js';
import { registerCanonicalRedirect } from '../site/canonical-redirect.js';
import { createHooks, type Hooks } from './create-hooks.js';

/** A registry with the helpdesk's own handlers, then every site plugin, then `init`: before any route runs. */
export async function loadHooks(config: Pick<Config, 'plugins' | 'homeUrl'>): Promise<Hooks> {
  const hooks = createHooks();
  registerCoreProductPostTypes(hooks);
  registerCanonicalRedirect(hooks, config.homeUrl);
  for (const plugin of config.plugins) await plugin(hooks);
  await hooks.doAction('init');
  return hooks;
}
