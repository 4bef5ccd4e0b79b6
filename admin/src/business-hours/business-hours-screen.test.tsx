// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { jsonAnswer } from '../test/answers.js';
import { BusinessHoursScreen } from './business-hours-screen.js';

const office = {
  id: 1,
  name: 'Office',
  time_zone: null,
  effective_time_zone: 'UTC',
  week: [[], [{ start: '09:00', end: '17:00' }], [], [], [], [], []],
  overrides: [],
  is_default: true,
  created: '2026-12-01T00:00:00Z',
  modified: '2026-12-01T00:00:00Z',
};
const spare = { ...office, id: 2, name: 'Spare', is_default: false };

function stubServer(answer: (method: string, url: string) => Response) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer(method, url);
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The screen's catalogue namespaces, as its route loads them (app.tsx, i18n/with-namespaces.tsx).
beforeAll(() => loadNamespaces(['business-hours']));
describe('Business hours', () => {
  it('sends a new schedule with a lunch break (two intervals on a day), a closed day and a holiday', async () => {
    const calls = stubServer((method) => (method === 'POST' ? jsonAnswer({ ...spare, id: 3 }, 201) : jsonAnswer([office])));
    render(
      <I18nProvider>
        <BusinessHoursScreen />
      </I18nProvider>,
    );
    await screen.findByRole('cell', { name: 'Office' });
    expect(document.title).toContain('Business hours');
    fireEvent.click(screen.getByRole('button', { name: 'Add a schedule' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Berlin' } });
    const monday = screen.getByRole('group', { name: 'Monday' });
    fireEvent.change(within(monday).getByLabelText('To'), { target: { value: '12:00' } });
    fireEvent.click(within(monday).getByRole('button', { name: 'Add hours Monday' }));
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    fireEvent.click(within(tuesday).getByRole('button', { name: /^Remove/ }));
    expect(within(tuesday).getByText('Closed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a holiday or special day' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-25' } });
    fireEvent.change(screen.getByLabelText('What the day is (optional)'), { target: { value: 'Christmas Day' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: 'Add schedule' }).closest('form') as HTMLFormElement));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toMatch(/\/business-hours\/$/);
    expect(post?.body).toEqual({
      name: 'Berlin',
      time_zone: null,
      week: [
        [],
        [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
        [],
        [{ start: '09:00', end: '17:00' }],
        [{ start: '09:00', end: '17:00' }],
        [{ start: '09:00', end: '17:00' }],
        [],
      ],
      overrides: [{ date: '2026-12-25', name: 'Christmas Day', intervals: [] }],
      is_default: false,
    });
  });

  it('shows why a schedule cannot be deleted in the words of the problem', async () => {
    vi.stubGlobal('confirm', () => true);
    stubServer((method) =>
      method === 'DELETE'
        ? jsonAnswer(
            {
              status: 409,
              title: 'Conflict',
              code: 'CONFLICT',
              detail: 'The policy “Gold” runs on these hours: choose others for it first.',
            },
            409,
          )
        : jsonAnswer([office, spare]),
    );
    render(
      <I18nProvider>
        <BusinessHoursScreen />
      </I18nProvider>,
    );
    // The default schedule offers no delete; another one does.
    await screen.findByRole('cell', { name: 'Spare' });
    expect(screen.queryByRole('button', { name: 'Delete Office' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete Spare' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The policy “Gold” runs on these hours'));
  });
  it('keeps a day open until midnight: 24:00 shows as 00:00 and an end of 00:00 is sent as 24:00', async () => {
    const late = { ...office, week: [[], [{ start: '18:00', end: '24:00' }], [], [], [], [], []] };
    const calls = stubServer((method) => (method === 'PATCH' ? jsonAnswer(late) : jsonAnswer([late])));
    render(
      <I18nProvider>
        <BusinessHoursScreen />
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Office' }));
    const monday = screen.getByRole('group', { name: 'Monday' });
    const end = within(monday).getByLabelText('To') as HTMLInputElement;
    expect(end.value).toBe('00:00');
    expect(end.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(end.getAttribute('aria-describedby') ?? '')?.textContent).toContain('00:00');
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    fireEvent.click(within(tuesday).getByRole('button', { name: 'Add hours Tuesday' }));
    fireEvent.change(within(tuesday).getByLabelText('To'), { target: { value: '00:00' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form') as HTMLFormElement));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')?.body as { week: unknown[] } | undefined;
    const week = patch?.week ?? [];
    expect(week[1]).toEqual([{ start: '18:00', end: '24:00' }]);
    expect(week[2]).toEqual([{ start: '09:00', end: '24:00' }]);
  });
});
