import { describe, expect, it } from 'vitest';
import { createHooks, HookUsageError } from './create-hooks.js';
import { FILTER_NAMES } from './hook-map.js';

describe('hook registry', () => {
  it('exposes exactly the seven filters of spec §6', () => {
    expect([...FILTER_NAMES].sort()).toEqual([
      'helpdesk_auto_status_transition_on_comment',
      'helpdesk_can_register_users',
      'helpdesk_docs_api_max_per_page',
      'helpdesk_encryption_seed',
      'helpdesk_get_posts',
      'helpdesk_product_post_types',
      'helpdesk_settings_menus',
    ]);
  });

  it('runs filters by priority (lower first, default 10), awaiting async callbacks, passing every argument in order', async () => {
    const hooks = createHooks();
    const calls: string[] = [];
    hooks.addFilter(
      'helpdesk_auto_status_transition_on_comment',
      'test/late',
      async (allow, _ticket, isClient, commentId) => {
        calls.push(`late:${allow}:${isClient}:${commentId}`);
        return !allow;
      },
      20,
    );
    hooks.addFilter('helpdesk_auto_status_transition_on_comment', 'test/default', (allow) => {
      calls.push(`default:${allow}`);
      return allow;
    });
    hooks.addFilter(
      'helpdesk_auto_status_transition_on_comment',
      'test/early',
      (allow) => {
        calls.push(`early:${allow}`);
        return allow;
      },
      5,
    );
    const ticket = { id: 1 } as never;
    expect(await hooks.applyFilters('helpdesk_auto_status_transition_on_comment', true, ticket, true, 42)).toBe(false);
    expect(calls).toEqual(['early:true', 'default:true', 'late:true:true:42']);
  });

  it('returns the input unchanged when nothing is hooked', async () => {
    expect(await createHooks().applyFilters('helpdesk_docs_api_max_per_page', 100)).toBe(100);
  });

  it('removes by namespace', async () => {
    const hooks = createHooks();
    hooks.addFilter('helpdesk_docs_api_max_per_page', 'acme/docs', () => 50);
    hooks.removeFilter('helpdesk_docs_api_max_per_page', 'acme/docs');
    expect(await hooks.applyFilters('helpdesk_docs_api_max_per_page', 100)).toBe(100);
  });

  it('runs actions in priority order and awaits them', async () => {
    const hooks = createHooks();
    const order: number[] = [];
    hooks.addAction('init', 'test/b', async () => {
      await Promise.resolve();
      order.push(10);
    });
    hooks.addAction('init', 'test/a', () => void order.push(5), 5);
    await hooks.doAction('init');
    expect(order).toEqual([5, 10]);
  });

  it('throws a clear error for unknown hooks, bad namespaces, callbacks and priorities', () => {
    const hooks = createHooks();
    const untyped = hooks as unknown as { addFilter: (...a: unknown[]) => void; addAction: (...a: unknown[]) => void };
    expect(() => untyped.addFilter('helpdesk_cloud_site_url', 'acme/x', () => 'x')).toThrow(/Unknown filter "helpdesk_cloud_site_url"/);
    expect(() => untyped.addFilter('helpdesk_rag_site_url', 'acme/x', () => 'x')).toThrow(HookUsageError);
    expect(() => untyped.addAction('wp_head', 'acme/x', () => {})).toThrow(/Unknown action/);
    expect(() => untyped.addFilter('helpdesk_get_posts', '', (p: unknown) => p)).toThrow(/namespace/);
    expect(() => untyped.addFilter('helpdesk_get_posts', 'acme/x', 'not a function')).toThrow(/must be a function/);
    expect(() => untyped.addFilter('helpdesk_get_posts', 'acme/x', (p: unknown) => p, '5')).toThrow(/priority/);
  });

  it('a filter that returns nothing is an error naming it, not a silently blanked value', async () => {
    const hooks = createHooks();
    hooks.addFilter('helpdesk_docs_api_max_per_page', 'acme/forgot', (() => {}) as never);
    await expect(hooks.applyFilters('helpdesk_docs_api_max_per_page', 100)).rejects.toThrow(/"acme\/forgot" returned nothing/);
  });

  it('registries are independent', async () => {
    const a = createHooks();
    const b = createHooks();
    a.addFilter('helpdesk_docs_api_max_per_page', 'acme/a', () => 1);
    expect(await b.applyFilters('helpdesk_docs_api_max_per_page', 100)).toBe(100);
  });
});
