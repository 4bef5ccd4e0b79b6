// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlledFetch, jsonAnswer } from '../test/answers.js';
import { signInExpiredText } from './problem-text.js';
import { onSignInExpired } from './sign-in-expiry.js';
import { useApi } from './use-api.js';

let server: ReturnType<typeof controlledFetch>;
beforeEach(() => {
  server = controlledFetch();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useApi', () => {
  it('loads the path and shows its answer', async () => {
    const { result } = renderHook(() => useApi<{ name: string }>('/tickets/1'));
    expect(result.current.isLoading).toBe(true);
    expect(server.calls[0]?.url).toMatch(/\/api\/helpdesk\/v1\/tickets\/1$/);
    await act(async () => server.calls[0]?.answer(jsonAnswer({ name: 'First' })));
    expect(result.current).toMatchObject({ data: { name: 'First' }, error: '', isLoading: false });
  });

  it('cancels the call in flight when the screen goes away', () => {
    const { unmount } = renderHook(() => useApi('/tickets/1'));
    unmount();
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
  });

  it('cancels the old call on a new path, so its late answer never shows', async () => {
    const { result, rerender } = renderHook(({ path }) => useApi<{ n: number }>(path), { initialProps: { path: '/a' } });
    rerender({ path: '/b' });
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
    await act(async () => {
      server.calls[1]?.answer(jsonAnswer({ n: 2 }));
      server.calls[0]?.answer(jsonAnswer({ n: 1 }));
    });
    expect(result.current.data).toEqual({ n: 2 });
  });

  it('shows a problem’s detail in plain words, and keeps the last answer beside it', async () => {
    const { result } = renderHook(() => useApi<{ n: number }>('/a'));
    await act(async () => server.calls[0]?.answer(jsonAnswer({ n: 1 })));
    act(() => void result.current.reload());
    const problem = { type: 'about:blank', title: 'Conflict', status: 409, detail: 'The view was deleted.', code: 'GONE' };
    await act(async () => server.calls[1]?.answer(jsonAnswer(problem, 409)));
    expect(result.current).toMatchObject({ data: { n: 1 }, error: 'The view was deleted.' });
  });

  it('forgets the last answer on failure when asked to', async () => {
    const { result } = renderHook(() => useApi<{ n: number }>('/a', { clearOnError: true }));
    await act(async () => server.calls[0]?.answer(jsonAnswer({ n: 1 })));
    act(() => void result.current.reload());
    await act(async () => server.calls[1]?.answer(jsonAnswer({ title: 'Service Unavailable', status: 503 }, 503)));
    // A body with no detail (a proxy's page) is said in plain words, in the reader's language, not as the status line.
    expect(result.current).toMatchObject({ data: null, error: 'The helpdesk answered with an error (503). Try again in a moment.' });
  });

  it('tells the app when the sign-in is over (401)', async () => {
    const expired = vi.fn();
    const stop = onSignInExpired(expired);
    const { result } = renderHook(() => useApi('/a'));
    await act(async () => server.calls[0]?.answer(jsonAnswer({ title: 'Unauthorized', status: 401 }, 401)));
    stop();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(result.current.error).toBe(signInExpiredText());
  });

  it('fetches again when `refetchOn` changes, and not at all for a null path', async () => {
    const { rerender } = renderHook(({ on, path }) => useApi(path, { refetchOn: on }), {
      initialProps: { on: 0, path: '/a' as string | null },
    });
    rerender({ on: 1, path: '/a' });
    await waitFor(() => expect(server.calls).toHaveLength(2));
    rerender({ on: 2, path: null });
    expect(server.calls).toHaveLength(2);
  });
});
