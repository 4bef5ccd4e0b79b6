// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../test/answers.js';
import { ListScreen, ListTable } from './list-screen.js';
import { useListScreen } from './use-list-screen.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ListScreen', () => {
  it('shows the heading with the screen’s buttons, the intro, the error as an alert, the status, then the list', () => {
    render(
      <ListScreen
        title="Agents"
        actions={<button type="button">New agent</button>}
        intro={<p>Intro</p>}
        error="Name is taken."
        status="Saved."
      >
        <ListTable columns={['Name', 'Email']}>
          <tr>
            <td>Alex</td>
            <td>alex@example.com</td>
            <td />
          </tr>
        </ListTable>
      </ListScreen>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Agents' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New agent' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Name is taken.');
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Email', 'Actions']);
  });

  it('has no alert without an error, and no status line when the screen says nothing after a change', () => {
    render(
      <ListScreen title="Docs" error="">
        <p>List</p>
      </ListScreen>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('useListScreen', () => {
  it('loads the list, names the tab, and after a change says so, loads the list again and tells the app', async () => {
    const answers = [[{ id: 1 }], {}, [{ id: 1 }, { id: 2 }]];
    const fetch = vi.fn(async () => jsonAnswer(answers.shift()));
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    const { result } = renderHook(() => useListScreen<Array<{ id: number }>>({ path: '/users/', title: 'Agents', onChanged }));
    await waitFor(() => expect(result.current.items).toEqual([{ id: 1 }]));
    expect(document.title).toBe('Agents · Helpdesk admin');
    let saved = false;
    await act(async () => {
      saved = await result.current.run(() => globalThis.fetch('/users/', { method: 'POST' }), 'Blair added.');
    });
    expect(saved).toBe(true);
    expect(result.current.status).toBe('Blair added.');
    expect(result.current.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load and a failed change on the one error line', async () => {
    vi.stubGlobal('fetch', async () => jsonAnswer({ title: 'Forbidden', status: 403, detail: 'Admins only.' }, 403));
    const { result } = renderHook(() => useListScreen({ path: '/tokens/', title: 'API tokens' }));
    await waitFor(() => expect(result.current.error).toBe('Admins only.'));
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('No account has the email x@example.com.')), 'Created.');
    });
    expect(result.current.error).toBe('No account has the email x@example.com.');
  });
});
