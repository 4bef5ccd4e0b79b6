// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lookups } from '../api/api.js';
import { I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { jsonAnswer } from '../test/answers.js';
import { SlaPoliciesScreen } from './sla-policies-screen.js';

const term = (id: number, slug: string, name: string) => ({ id, slug, name, order: id, client_label: null });
const lookups: Lookups = {
  statuses: [term(1, 'open', 'Open'), term(2, 'waiting', 'Waiting')],
  reasons: [term(1, 'billing', 'Billing')],
  urgencies: [term(1, 'high', 'High'), term(2, 'low', 'Low')],
  products: [term(1, 'storefront', 'Storefront')],
  staff: [],
};
const policy = (id: number, name: string) => ({
  id,
  name,
  position: id,
  conditions: {},
  business_hours_id: null,
  targets: [{ urgency: null, first_reply: 60, next_reply: null, resolution: null }],
  pause_statuses: [],
  warn_before_minutes: 15,
  created: '2026-12-01T00:00:00Z',
  updated: '2026-12-01T00:00:00Z',
});
const office = { id: 4, name: 'Office', time_zone: null, effective_time_zone: 'UTC', week: [], overrides: [], is_default: true };

function stubServer() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.endsWith('/business-hours/')) return jsonAnswer([office]);
      if (url.endsWith('/preview'))
        return jsonAnswer({
          policy: { id: null, name: body.policy.name },
          filed_at: '2026-12-02T10:00:00Z',
          targets: [
            { metric: 'first_reply', minutes: 60, due_at: '2026-12-02T11:00:00Z' },
            { metric: 'next_reply', minutes: 240, due_at: null },
          ],
        });
      return jsonAnswer([policy(1, 'Gold'), policy(2, 'Standard')]);
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The screen's catalogue namespaces, as its route loads them (app.tsx, i18n/with-namespaces.tsx).
beforeAll(() => loadNamespaces(['service-levels']));
describe('Service levels', () => {
  it('moves a policy down with PUT …/order and the whole order', async () => {
    const calls = stubServer();
    render(
      <I18nProvider>
        <SlaPoliciesScreen lookups={lookups} />
      </I18nProvider>,
    );
    await screen.findByRole('cell', { name: 'Gold' });
    expect(document.title).toContain('Service levels');
    expect((screen.getByRole('button', { name: 'Move up Gold' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move down Gold' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toMatch(/\/sla-policies\/order$/);
    expect(put?.body).toEqual({ ids: [2, 1] });
  });

  it('previews the draft for a ticket meeting its conditions and says when it would be due', async () => {
    const calls = stubServer();
    render(
      <I18nProvider>
        <SlaPoliciesScreen lookups={lookups} />
      </I18nProvider>,
    );
    await screen.findByRole('cell', { name: 'Gold' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add a policy' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add a policy' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Urgent mail' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Waiting' }));
    await waitFor(() => expect(screen.getByText(/A ticket filed now would be due at .*\(First reply\)/)).toBeTruthy());
    // Next reply has no due time until the client writes: no line for it.
    expect(screen.queryByText(/Next reply\)/)).toBeNull();
    const preview = calls.filter((c) => c.url.endsWith('/preview')).at(-1);
    expect(preview?.body).toMatchObject({
      ticket: { urgency: null, channel: 'mail' },
      policy: {
        name: 'Urgent mail',
        conditions: { channel: ['mail'] },
        business_hours_id: 4,
        targets: [{ urgency: null, first_reply: 60, next_reply: 240, resolution: 2880 }],
        pause_statuses: ['waiting'],
        warn_before_minutes: 15,
      },
    });
  });
});
