// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app.js';
import { InboxPager } from '../inbox/inbox-pager.js';
import { TicketTable } from '../inbox/ticket-table.js';
import type { KeptRow } from '../inbox/use-kept-order.js';
import { showLanguageOf } from '../profile/me-language.js';
import { timeText } from '../shared/time-text.js';
import { jsonAnswer } from '../test/answers.js';
import { applyLanguage, I18nProvider } from './i18n.js';

const ticket = {
  id: 7,
  number: 1042,
  title: 'Bestellung 55-1234 fehlt',
  modified: '2026-12-02T13:05:00Z',
  created: '2026-12-02T12:00:00Z',
  unread: false,
  status: { slug: 'open', name: 'Open' },
  assignee: null,
  client: { id: 3, name: 'Jonas', email: 'jonas@example.com' },
  urgency: null,
  tags: [],
  snippet: null,
} as unknown as KeptRow;

const me = (user: object | null, site = { site_language: 'en', time_zone: 'UTC' }) =>
  ({ user, csrf_token: 't', site: { name: 'Shop', brand_color: '#123456', logo_url: null }, ...site }) as never;
const agent = { id: 1, name: 'Lina', email: 'lina@example.com', role: 'agent', language: null, time_zone: null };

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLanguage('en', 'UTC');
  await showLanguageOf(me(null));
});

describe('the admin app in the agent’s language', () => {
  it('shows the inbox’s table and pager in German after applyLanguage("de"), and English again after "en"', async () => {
    render(
      <I18nProvider>
        <TicketTable rows={[ticket]} words={[]} selected={new Set()} onToggle={() => {}} onSelectAll={() => {}} />
        <InboxPager data={{ total: 60, per_page: 25 } as never} page={2} linkTo={(p) => `?page=${p}`} />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toContain('Last activity');
    await act(() => applyLanguage('de', 'Europe/Berlin'));
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Betreff', 'Kunde', 'Zuständig', 'Letzte Aktivität']));
    expect(screen.getByText('Seite 2 von 3')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Seiten' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    // The subject is the client's own text, isolated so an Arabic page keeps its digits in order.
    expect(screen.getByRole('link', { name: 'Bestellung 55-1234 fehlt' }).getAttribute('dir')).toBe('auto');
  });

  it('sets <html dir="rtl" lang="ar"> for Arabic, with Arabic words, and back to ltr for English', async () => {
    render(
      <I18nProvider>
        <InboxPager data={{ total: 60, per_page: 25 } as never} page={2} linkTo={(p) => `?page=${p}`} />
      </I18nProvider>,
    );
    await act(() => applyLanguage('ar', 'Asia/Dubai'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('link', { name: /السابق/ })).toBeTruthy();
    await act(() => applyLanguage('en'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByRole('link', { name: /Previous/ })).toBeTruthy();
  });

  it('follows /me: the agent’s own language and zone, else the site’s', async () => {
    await showLanguageOf(me({ ...agent, language: 'ar', time_zone: 'Asia/Tokyo' }));
    expect(document.documentElement.dir).toBe('rtl');
    // 13:05 UTC in Tokyo, with the month in Arabic (the digits are whichever the browser's ICU gives Arabic).
    expect(timeText('2026-12-02T13:05:00Z')).toMatch(/22:05|٢٢:٠٥/);
    expect(timeText('2026-12-02T13:05:00Z')).toContain('ديسمبر');

    await showLanguageOf(me(agent, { site_language: 'fr', time_zone: 'Europe/Paris' }));
    expect(document.documentElement.lang).toBe('fr');
    expect(timeText('2026-12-02T13:05:00Z')).toContain('14:05');
    expect(timeText(null)).toBe('jamais');
  });

  it('shows the sign-in form in the browser’s language before anyone is signed in', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-MX', 'en'], language: 'es-MX' });
    vi.stubGlobal('fetch', async () => jsonAnswer(me(null, { site_language: 'de', time_zone: 'UTC' })));
    render(
      <I18nProvider>
        <App />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Iniciar sesión en el servicio de ayuda' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('es');
  });

  it('falls back to the site’s language on the sign-in form when the browser asks for none we ship', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['ja-JP'], language: 'ja-JP' });
    vi.stubGlobal('fetch', async () => jsonAnswer(me(null, { site_language: 'de', time_zone: 'UTC' })));
    render(
      <I18nProvider>
        <App />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Beim Helpdesk anmelden' })).toBeTruthy());
  });
});
