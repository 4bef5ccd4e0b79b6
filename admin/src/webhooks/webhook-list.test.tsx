// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { WebhookList } from './webhook-list.js';
import type { Webhook } from './webhook-types.js';

afterEach(cleanup);
beforeAll(() => loadNamespaces(['webhooks']));

const base: Webhook = {
  id: 1,
  url: 'https://hooks.example.test/in',
  description: '',
  events: ['ticket.created'],
  enabled: true,
  destination: 'standard',
  disabled_reason: null,
  failing_since: null,
  previous_secret_until: null,
  created: '2026-12-01T10:00:00.000Z',
  updated: '2026-12-01T10:00:00.000Z',
} as Webhook;

function renderList(webhook: Partial<Webhook>) {
  const none = () => {};
  render(
    <I18nProvider>
      <WebhookList webhooks={[{ ...base, ...webhook }]} onEdit={none} onToggle={none} onRotate={none} onDelete={none} />
    </I18nProvider>,
  );
}

describe('The webhook list', () => {
  it('says in words that five days of failures turned a subscription off, and since when', () => {
    renderList({ enabled: false, disabled_reason: 'failing', failing_since: '2026-11-26T09:00:00.000Z' });
    expect(screen.getByText(/Turned off: every delivery failed for five days \(since .+\)/)).toBeTruthy();
  });

  it('warns while a subscription is failing that it will be turned off', () => {
    renderList({ failing_since: '2026-11-30T09:00:00.000Z' });
    expect(screen.getByText(/Failing since .+: it is turned off if nothing gets through for five days\./)).toBeTruthy();
  });

  it('shows no warning for a subscription that delivers', () => {
    renderList({});
    expect(screen.queryByText(/Failing since/)).toBeNull();
  });
});
