import { createHooks as createWordPressHooks } from '@wordpress/hooks';
import {
  ACTION_NAMES,
  type ActionCallback,
  type ActionMap,
  type ActionName,
  FILTER_NAMES,
  type FilterCallback,
  type FilterMap,
  type FilterName,
} from './hook-map.js';

/** The typed hook registry: one per app instance, never a module-level singleton. */
export interface Hooks {
  addFilter<N extends FilterName>(name: N, namespace: string, callback: FilterCallback<N>, priority?: number): void;
  removeFilter(name: FilterName, namespace: string): void;
  hasFilter(name: FilterName, namespace?: string): boolean;
  applyFilters<N extends FilterName>(name: N, ...args: Parameters<FilterMap[N]>): Promise<ReturnType<FilterMap[N]>>;
  addAction<N extends ActionName>(name: N, namespace: string, callback: ActionCallback<N>, priority?: number): void;
  removeAction(name: ActionName, namespace: string): void;
  hasAction(name: ActionName, namespace?: string): boolean;
  /** The namespaces of the callbacks hooked on an action, in the order they run. */
  actionNamespaces(name: ActionName): string[];
  doAction<N extends ActionName>(name: N, ...args: Parameters<ActionMap[N]>): Promise<void>;
  /** Goes up whenever a callback is added or removed, so caches of filtered values know to refresh. */
  readonly version: number;
}

/** Thrown when a plugin uses the registry wrongly; the library alone would only log and ignore it. */
export class HookUsageError extends Error {
  override name = 'HookUsageError';
}

// The same rule as the library's own namespace check, which only logs.
const NAMESPACE_PATTERN = /^[a-zA-Z][a-zA-Z0-9_.\-/]*$/;

function checkRegistration(kind: 'filter' | 'action', name: string, namespace: string, callback: unknown, priority: unknown) {
  const known: readonly string[] = kind === 'filter' ? FILTER_NAMES : ACTION_NAMES;
  if (!known.includes(name)) {
    throw new HookUsageError(`Unknown ${kind} "${name}". The ${kind}s you can hook are: ${known.join(', ')}.`);
  }
  if (typeof namespace !== 'string' || !NAMESPACE_PATTERN.test(namespace)) {
    throw new HookUsageError(
      `The namespace of a "${name}" ${kind} must look like "vendor/plugin" (letters, digits, - _ . /); got ${JSON.stringify(namespace)}.`,
    );
  }
  if (typeof callback !== 'function') {
    throw new HookUsageError(`The callback of the "${name}" ${kind} from "${namespace}" must be a function.`);
  }
  if (typeof priority !== 'number' || !Number.isInteger(priority)) {
    throw new HookUsageError(`The priority of the "${name}" ${kind} from "${namespace}" must be an integer.`);
  }
}

/** Builds a fresh hook registry over @wordpress/hooks (priorities, namespaces, async runners). */
export function createHooks(): Hooks {
  const registry = createWordPressHooks();
  let version = 0;
  return {
    get version() {
      return version;
    },
    addFilter(name, namespace, callback, priority = 10) {
      checkRegistration('filter', name, namespace, callback, priority);
      // A filter that forgets to return would silently blank the value for every later caller.
      const checked = async (...args: unknown[]) => {
        const result = await (callback as (...a: unknown[]) => unknown)(...args);
        if (result === undefined) {
          throw new HookUsageError(`The "${name}" filter from "${namespace}" returned nothing; a filter must return the value.`);
        }
        return result;
      };
      registry.addFilter(name, namespace, checked, priority);
      version += 1;
    },
    removeFilter(name, namespace) {
      registry.removeFilter(name, namespace);
      version += 1;
    },
    hasFilter(name, namespace) {
      return registry.hasFilter(name, namespace);
    },
    async applyFilters(name, ...args) {
      return (await registry.applyFiltersAsync(name, ...args)) as never;
    },
    addAction(name, namespace, callback, priority = 10) {
      checkRegistration('action', name, namespace, callback, priority);
      registry.addAction(name, namespace, callback as (...a: unknown[]) => unknown, priority);
      version += 1;
    },
    removeAction(name, namespace) {
      registry.removeAction(name, namespace);
      version += 1;
    },
    hasAction(name, namespace) {
      return registry.hasAction(name, namespace);
    },
    actionNamespaces(name) {
      return (registry.actions[name]?.handlers ?? []).map((handler) => handler.namespace);
    },
    async doAction(name, ...args) {
      await registry.doActionAsync(name, ...args);
    },
  };
}
