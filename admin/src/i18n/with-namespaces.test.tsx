// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { applyLanguage, hasNamespaces, I18nProvider, type LazyNamespace, loadNamespaces, translator, useT } from './i18n.js';
import { WithNamespaces } from './with-namespaces.js';

// Each test asks for a namespace no earlier one loaded: the set of loaded namespaces lives as long as the page.

/** A screen reading one key of a lazy namespace; remembers every text it ever rendered. */
function screenReading(key: MessageKey) {
  const seen: string[] = [];
  function Probe() {
    const { t } = useT();
    const text = t(key);
    seen.push(text);
    return <h1>{text}</h1>;
  }
  return { seen, Probe };
}

function show(names: LazyNamespace[], Probe: () => ReactElement) {
  render(
    <I18nProvider>
      <WithNamespaces names={names}>
        <Probe />
      </WithNamespaces>
    </I18nProvider>,
  );
}

afterEach(async () => {
  cleanup();
  history.replaceState(null, '', '/');
  await act(() => applyLanguage('en', 'UTC'));
});

describe('a lazy screen’s catalogue namespaces', () => {
  it('are not in the first catalogue: the screen waits quietly for them instead of showing its keys', async () => {
    expect(translator().t('reports.page.volume')).toBe('reports.page.volume');
    const { seen, Probe } = screenReading('reports.page.volume');
    show(['reports'], Probe);
    expect(screen.getByText('Loading…').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Volume' })).toBeTruthy();
    expect(seen).not.toContain('reports.page.volume');
  });

  it('load in the language shown and in English (the fallback) before the screen shows', async () => {
    await act(() => applyLanguage('ar', 'UTC'));
    const { seen, Probe } = screenReading('business-hours.title');
    show(['business-hours'], Probe);
    expect(await screen.findByRole('heading', { name: 'ساعات العمل' })).toBeTruthy();
    expect(seen).toEqual(['ساعات العمل']);
    expect(hasNamespaces(translator(), ['business-hours'])).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('come in the new language when it changes, the screen staying as it was until they are there', async () => {
    const { seen, Probe } = screenReading('service-levels.title');
    show(['service-levels'], Probe);
    await screen.findByRole('heading', { name: 'Service levels' });
    await act(() => applyLanguage('de', 'Europe/Berlin'));
    expect(screen.getByRole('heading', { name: 'Service-Level' })).toBeTruthy();
    expect(new Set(seen)).toEqual(new Set(['Service levels', 'Service-Level']));
  });

  it('come with a language asked for while they load, and the earlier call resolves once that is shown', async () => {
    const language = applyLanguage('fr', 'UTC');
    const settings = loadNamespaces(['settings']);
    await language;
    expect(translator().language).toBe('fr');
    expect(translator().t('settings.add')).toBe('Ajouter');
    await settings;
    expect(hasNamespaces(translator(), ['settings'])).toBe(true);
  });

  it('are pseudo-localised in en-XA like the first catalogue', async () => {
    history.replaceState(null, '', '/?lang=en-XA');
    await act(() => applyLanguage('en', 'UTC'));
    const { seen, Probe } = screenReading('notifications.useDefault');
    show(['notifications'], Probe);
    const english = (await import('../../../common/i18n/locales/en/notifications.json')).default['notifications.useDefault'];
    const heading = await screen.findByRole('heading');
    expect(heading.textContent).not.toBe(english);
    expect(heading.textContent).not.toBe('notifications.useDefault');
    expect(heading.textContent).toMatch(/[áéíóú]/);
    expect(seen).not.toContain('notifications.useDefault');
  });
});
