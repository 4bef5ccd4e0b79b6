// @vitest-environment happy-dom
// Privacy → Retention's Preview: counts with the values typed, before saving (settings-screen.tsx, retention-preview.tsx).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { applyLanguage, I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { jsonAnswer } from '../test/answers.js';
import { SettingsScreen } from './settings-screen.js';

const days = (label: string) => ({ type: 'number', label, default: 0, min: 0, max: 36500 });
const schema = {
  privacy: {
    label: 'Privacy',
    sections: {
      retention: {
        label: 'Retention',
        desc: '',
        fields: {
          delete_closed_tickets_after_days: days('Closed tickets after days'),
          closed_tickets_mode: {
            type: 'select',
            label: 'Closed tickets are',
            default: 'anonymise',
            options: [
              { value: 'anonymise', label: 'Anonymised' },
              { value: 'delete', label: 'Deleted' },
            ],
          },
          delete_inactive_clients_after_days: days('Clients after days'),
          mail_records_after_days: days('Mail records after days'),
        },
      },
    },
  },
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => applyLanguage('en'));
});
beforeAll(() => loadNamespaces(['settings']));

it('Preview counts with the days typed, unsaved, and says what would go; nothing is saved', async () => {
  const calls: Array<{ url: string; method: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url.includes('/settings/schema')) return jsonAnswer(schema);
      if (url.includes('/settings/secrets')) return jsonAnswer({ unreadable: [] });
      if (url.endsWith('/settings'))
        return jsonAnswer({
          privacy: {
            delete_closed_tickets_after_days: 0,
            closed_tickets_mode: 'anonymise',
            delete_inactive_clients_after_days: 0,
            mail_records_after_days: 0,
          },
        });
      if (url.includes('/privacy/retention-preview'))
        return jsonAnswer({ closed_tickets: 12, inactive_clients: 3, inbound_mails: 1, sent_mails: 40, webhook_deliveries: 0 });
      return jsonAnswer({});
    }),
  );
  render(
    <I18nProvider>
      <SettingsScreen tab="privacy" />
    </I18nProvider>,
  );
  fireEvent.change(await screen.findByLabelText('Closed tickets after days'), { target: { value: '30' } });
  fireEvent.change(screen.getByLabelText('Clients after days'), { target: { value: '365' } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText('12 closed tickets would be anonymised now.')).toBeTruthy();
  expect(screen.getByText('3 clients with no ticket for that long would be deleted now.')).toBeTruthy();
  expect(screen.getByText('1 received mail, 40 sent-mail records and 0 webhook deliveries would be deleted now.')).toBeTruthy();
  const asked = calls.find((c) => c.url.includes('/privacy/retention-preview'));
  const query = new URL(asked?.url ?? '', 'http://x').searchParams;
  expect([query.get('delete_closed_tickets_after_days'), query.get('delete_inactive_clients_after_days')]).toEqual(['30', '365']);
  expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
});
