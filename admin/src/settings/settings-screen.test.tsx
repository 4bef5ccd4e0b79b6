// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AgentsScreen } from '../agents/agents.js';
import { applyLanguage, I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { jsonAnswer } from '../test/answers.js';
import { SettingsScreen } from './settings-screen.js';

// What the server answers, by path; the schema as the route sends it (already in the reader's language).
const schemaIn = (lang: string) => ({
  tickets: {
    label: 'Tickets',
    sections: {
      statuses: {
        label: lang === 'de' ? 'Status' : 'Statuses',
        desc: '',
        fields: {
          change_status: { type: 'checkbox', label: lang === 'de' ? 'Ticketstatus ändern' : 'Change ticket status', default: true },
        },
      },
    },
  },
});

function stubServer() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.includes('/settings/schema')) return jsonAnswer(schemaIn(new URL(url, 'http://x').searchParams.get('lang') ?? 'en'));
      if (url.includes('/settings/secrets')) return jsonAnswer({ unreadable: [] });
      if (url.endsWith('/settings')) return jsonAnswer({ tickets: { change_status: true } });
      if (url.includes('/users/'))
        return jsonAnswer([{ id: 1, name: 'Alex', email: 'alex@example.com', role: 'admin', disabled_at: null, invitation_sent_at: null }]);
      return jsonAnswer({});
    }),
  );
  return urls;
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => applyLanguage('en'));
});

// The screen's catalogue namespaces, as its route loads them (app.tsx, i18n/with-namespaces.tsx).
beforeAll(() => loadNamespaces(['settings']));
describe('Settings in the reader’s language', () => {
  it('shows the Settings screen in English by default', async () => {
    stubServer();
    render(
      <I18nProvider>
        <SettingsScreen tab="tickets" />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'General' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save tickets settings' })).toBeTruthy();
  });

  it('shows the Settings screen in German after applyLanguage(de), and asks the server for the schema in German', async () => {
    const urls = stubServer();
    await act(() => applyLanguage('de'));
    render(
      <I18nProvider>
        <SettingsScreen tab="tickets" />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Allgemein' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Klassische Einstellungsseite' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einstellungen „Tickets“ speichern' })).toBeTruthy();
    expect(screen.getByLabelText('Ticketstatus ändern')).toBeTruthy();
    expect(urls.some((url) => url.includes('/settings/schema?lang=de'))).toBe(true);
    expect(document.title).toBe('Einstellungen · Tickets · Helpdesk-Verwaltung');
  });

  it('shows a list screen (Agents) in German, its columns, roles and form included', async () => {
    stubServer();
    await act(() => applyLanguage('de'));
    render(
      <I18nProvider>
        <AgentsScreen me={{ id: 1, name: 'Alex', email: 'alex@example.com', role: 'admin' } as never} onChanged={() => {}} />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenten' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('columnheader').length).toBeGreaterThan(0));
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.slice(0, 3)).toEqual(['Name', 'E-Mail', 'Rolle']);
    expect(screen.getByRole('heading', { name: 'Agenten hinzufügen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agent hinzufügen' })).toBeTruthy();
    expect(screen.getByText('(Sie)')).toBeTruthy();
  });
});
