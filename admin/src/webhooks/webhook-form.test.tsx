// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api.js';
import { I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { WebhookForm } from './webhook-form.js';
import type { WebhookBody } from './webhook-types.js';

afterEach(cleanup);
beforeAll(() => loadNamespaces(['webhooks']));

function renderForm(onSave: (body: WebhookBody) => Promise<void>) {
  render(
    <I18nProvider>
      <WebhookForm webhook={null} onSave={onSave} onCancel={() => {}} />
    </I18nProvider>,
  );
}

describe('The webhook form', () => {
  it('offers Slack its two events only and sends those it was given, with the destination', async () => {
    const onSave = vi.fn(async (_body: WebhookBody) => {});
    renderForm(onSave);
    const events = () => within(screen.getByRole('group', { name: 'Events' })).getAllByRole('checkbox');
    expect(events()).toHaveLength(7);
    fireEvent.click(screen.getByRole('checkbox', { name: /ticket is changed/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Slack (incoming webhook URL)' }));
    expect(events().map((c) => c.parentElement?.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'A ticket is filed ticket.created',
      'A ticket is overdue ticket.sla_breached',
    ]);
    fireEvent.change(screen.getByLabelText('Address (URL)'), { target: { value: ' https://hooks.slack.com/services/T/B/x ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add webhook' })));
    // The event ticked before switching to Slack is not sent: Slack is not offered it.
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      destination: 'slack',
      url: 'https://hooks.slack.com/services/T/B/x',
      description: '',
      events: ['ticket.created'],
      enabled: true,
    });
  });

  it('shows the server’s error for an event beside the events, and the address’s beside the address', async () => {
    renderForm(async () => {
      throw new ApiError({
        title: 'Invalid',
        status: 400,
        detail: 'Fix the fields',
        errors: [
          { field: 'url', pointer: '#/url', detail: 'That host is internal.' },
          { field: 'events.0', pointer: '#/events/0', detail: 'Slack is not sent ticket.updated.' },
        ],
      } as ConstructorParameters<typeof ApiError>[0]);
    });
    fireEvent.change(screen.getByLabelText('Address (URL)'), { target: { value: 'http://10.0.0.1/' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add webhook' })));
    expect(screen.getByRole('alert').textContent).toBe('Fix the fields marked below.');
    const url = screen.getByLabelText('Address (URL)');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(url.getAttribute('aria-describedby')?.split(' ')[1] ?? '')?.textContent).toBe('That host is internal.');
    expect(screen.getByRole('group', { name: 'Events' }).textContent).toContain('Slack is not sent ticket.updated.');
  });
});
