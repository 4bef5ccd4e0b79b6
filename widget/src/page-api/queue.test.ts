// @vitest-environment happy-dom
// The page API's queue (issue 38): the page's stub (common/page-api-stub.ts) keeps calls until the widget runs,
// the widget keeps them until the form's code is here, then every call, in order, reaches the runner.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_API_STUB } from '../../../common/page-api-stub.js';
import { takePageCalls } from './queue.js';

type Stub = ((...args: unknown[]) => unknown) & { q?: unknown[]; run?: unknown };
const page = () => (window as unknown as { Helpdesk?: Stub }).Helpdesk as Stub;
// The page's own inline line, as a browser runs it.
const defineStub = () => new Function(PAGE_API_STUB)();

afterEach(() => {
  delete (window as unknown as { Helpdesk?: Stub }).Helpdesk;
});

describe('the page API queue', () => {
  it('keeps the calls made before the widget ran and hands them over in order once the form code is here', () => {
    defineStub();
    const listener = () => {};
    page()('identify', 'token');
    page()('prefill', { subject: 'Order 7' });
    page()('on', 'ticket-created', listener);
    expect(page().q).toHaveLength(3);
    const load = vi.fn();
    const attach = takePageCalls(load);
    // The queue is taken; nothing asked to show the form, so nothing is loaded yet.
    expect(page().q).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    page()('open');
    expect(load).toHaveBeenCalledTimes(1);
    const runner = vi.fn((_args: unknown[]) => 'ran');
    attach(runner);
    expect(runner.mock.calls.map(([args]) => args)).toEqual([
      ['identify', 'token'],
      ['prefill', { subject: 'Order 7' }],
      ['on', 'ticket-created', listener],
      ['open'],
    ]);
    // Later calls go straight to the runner, and its answer comes back.
    expect(page()('toggle')).toBe('ran');
    expect(runner).toHaveBeenLastCalledWith(['toggle']);
  });

  it('loads the form code for open, toggle and search, not for the others', () => {
    defineStub();
    for (const command of ['close', 'prefill', 'identify', 'logout', 'on', 'off']) {
      const load = vi.fn();
      takePageCalls(load);
      page()(command);
      expect(load, command).not.toHaveBeenCalled();
    }
    for (const command of ['open', 'toggle', 'search']) {
      const load = vi.fn();
      takePageCalls(load);
      page()(command, 'text');
      expect(load, command).toHaveBeenCalled();
    }
  });

  it('gives a queued `on` an unsubscribe that queues the matching `off`, before and after the widget ran', () => {
    defineStub();
    const listener = () => {};
    const stopEarly = page()('on', 'open', listener) as () => void;
    stopEarly();
    expect(Array.from(page().q ?? [], (a) => Array.from(a as ArrayLike<unknown>))).toEqual([
      ['on', 'open', listener],
      ['off', 'open', listener],
    ]);
    const attach = takePageCalls(() => {});
    const stopLater = page()('on', 'close', listener) as () => void;
    stopLater();
    const runner = vi.fn();
    attach(runner);
    expect(runner.mock.calls.map(([args]) => args)).toEqual([
      ['on', 'open', listener],
      ['off', 'open', listener],
      ['on', 'close', listener],
      ['off', 'close', listener],
    ]);
  });

  it('works without a stub: the page simply has no API', () => {
    const attach = takePageCalls(() => {});
    expect(() => attach(() => {})).not.toThrow();
    expect((window as unknown as { Helpdesk?: Stub }).Helpdesk).toBeUndefined();
  });

  it('takes a stub the page defines after the widget ran (a deferred page script after an async widget)', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const load = vi.fn();
    const attach = takePageCalls(load);
    defineStub();
    page()('identify', 'token');
    page()('open');
    expect(load).not.toHaveBeenCalled();
    // The page's deferred scripts have run.
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(load).toHaveBeenCalledTimes(1);
    const runner = vi.fn();
    attach(runner);
    expect(runner.mock.calls.map(([args]) => args)).toEqual([['identify', 'token'], ['open']]);
    // Taken once: the load event finds it taken and changes nothing.
    window.dispatchEvent(new Event('load'));
    page()('close');
    expect(runner).toHaveBeenLastCalledWith(['close']);
    readyState.mockRestore();
  });

  it('keeps a page that defined its own Helpdesk first', () => {
    const own = Object.assign(() => 'own', { q: [] });
    (window as unknown as { Helpdesk?: Stub }).Helpdesk = own;
    defineStub();
    expect(page()).toBe(own);
  });
});
