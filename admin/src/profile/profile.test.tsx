// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, I18nProvider } from '../i18n/i18n.js';
import { jsonAnswer } from '../test/answers.js';
import { ProfileScreen } from './profile.js';

const lina = { id: 1, name: 'Lina', email: 'lina@example.com', role: 'agent' as const, language: null, time_zone: null };

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLanguage('en', 'UTC');
});

describe('My profile', () => {
  it('saves the chosen language and zone with PATCH /users/me and hands the saved ones back', async () => {
    const fetch = vi.fn(async () =>
      jsonAnswer({ id: 1, name: 'Lina', email: 'lina@example.com', language: 'ar', time_zone: 'Asia/Dubai' }),
    );
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    render(
      <I18nProvider>
        <ProfileScreen me={lina} onSaved={onSaved} />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'ar' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Asia/Dubai' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...lina, language: 'ar', time_zone: 'Asia/Dubai' }));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/users\/me$/);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ language: 'ar', time_zone: 'Asia/Dubai' });
  });

  it('sends null for "the site’s" choices, and shows a refusal as an alert', async () => {
    const fetch = vi.fn(async () =>
      jsonAnswer({ status: 400, title: 'Bad Request', code: 'VALIDATION_FAILED', detail: 'time_zone: use an IANA time zone' }, 400),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <I18nProvider>
        <ProfileScreen me={{ ...lina, language: 'de' }} onSaved={() => {}} />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('time_zone'));
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      language: null,
      time_zone: null,
    });
  });
});
