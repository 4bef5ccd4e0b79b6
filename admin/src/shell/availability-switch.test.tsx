// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n.js';
import { jsonAnswer } from '../test/answers.js';
import { AvailabilitySwitch } from './availability-switch.js';

/** The server's own state of the switch, as GET and PUT /users/me/assignment answer it. */
function stubServer(initially: boolean) {
  const state = { available: initially };
  const own = () => ({ available: state.available, open_ticket_limit: null, schedule_id: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') state.available = JSON.parse(String(init.body)).available;
      return jsonAnswer(own());
    }),
  );
  return state;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const switchIn = (tab: HTMLElement) => tab.querySelector('[role="switch"]') as HTMLElement;

it('a change in one tab shows in the other tabs of the browser at once', async () => {
  stubServer(true);
  const first = render(
    <I18nProvider>
      <AvailabilitySwitch />
    </I18nProvider>,
  ).container;
  const second = render(
    <I18nProvider>
      <AvailabilitySwitch />
    </I18nProvider>,
  ).container;
  await waitFor(() => expect(switchIn(second)?.getAttribute('aria-checked')).toBe('true'));
  fireEvent.click(switchIn(first));
  await waitFor(() => expect(switchIn(second).getAttribute('aria-checked')).toBe('false'));
  expect(switchIn(first).getAttribute('aria-checked')).toBe('false');
});

it('a change made elsewhere shows when the tab is shown again', async () => {
  const server = stubServer(true);
  render(
    <I18nProvider>
      <AvailabilitySwitch />
    </I18nProvider>,
  );
  const button = await screen.findByRole('switch');
  expect(button.getAttribute('aria-checked')).toBe('true');
  server.available = false; // an admin set this agent away on the Agents screen
  document.dispatchEvent(new Event('visibilitychange'));
  await waitFor(() => expect(button.getAttribute('aria-checked')).toBe('false'));
});
