// @vitest-environment happy-dom
import { cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTypingIn, shortcutKey, useListShortcuts, useShortcuts } from './keyboard-shortcuts.js';

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('isTypingIn', () => {
  it('is true in text fields, text areas, selects, editable text and comboboxes; false on boxes and buttons', () => {
    const make = (html: string) => {
      document.body.innerHTML = html;
      return document.body.firstElementChild;
    };
    expect(isTypingIn(make('<input type="text">'))).toBe(true);
    expect(isTypingIn(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingIn(make('<select></select>'))).toBe(true);
    expect(isTypingIn(make('<div role="combobox"></div>'))).toBe(true);
    expect(isTypingIn(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingIn(make('<button>Go</button>'))).toBe(false);
    expect(isTypingIn(null)).toBe(false);
  });
});

describe('useShortcuts', () => {
  it('runs the key’s handler on a key press anywhere on the page', () => {
    const reply = vi.fn();
    renderHook(() => useShortcuts({ r: reply }));
    press('r');
    expect(reply).toHaveBeenCalledTimes(1);
  });

  it('leaves the key alone while typing in a field, with Ctrl, Alt or Meta, or while a dialog is open', () => {
    const reply = vi.fn();
    renderHook(() => useShortcuts({ r: reply }));
    const field = document.body.appendChild(document.createElement('textarea'));
    press('r', {}, field);
    press('r', { ctrlKey: true });
    press('r', { altKey: true });
    press('r', { metaKey: true });
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    press('r');
    expect(reply).not.toHaveBeenCalled();
  });

  it('answers a key of another script by where it sits: Arabic ش (on A) is a, Arabic ؟ (Shift and slash) is ?', () => {
    const assign = vi.fn();
    const help = vi.fn();
    renderHook(() => useShortcuts({ a: assign, '?': help }));
    press('ش', { code: 'KeyA' });
    press('؟', { code: 'Slash', shiftKey: true });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(help).toHaveBeenCalledTimes(1);
  });

  it('calls the latest handler given, and nothing once the screen is gone', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ handler }) => useShortcuts({ n: handler }), { initialProps: { handler: first } });
    rerender({ handler: second });
    press('n');
    unmount();
    press('n');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('shortcutKey', () => {
  const key = (k: string, code: string, shiftKey = false) => shortcutKey({ key: k, code, shiftKey });
  it('reads a Latin layout by its key: AZERTY’s a (where a US q sits) is a, German z (where y sits) is z', () => {
    expect(key('a', 'KeyQ')).toBe('a');
    expect(key('z', 'KeyY')).toBe('z');
    expect(key('?', 'Minus', true)).toBe('?');
  });
  it('reads a letter of another script by where it sits: Arabic, Russian; and German ü not as a letter', () => {
    expect(key('ش', 'KeyA')).toBe('a');
    expect(key('ي', 'KeyD')).toBe('d');
    expect(key('ф', 'KeyA')).toBe('a');
    expect(key('о', 'KeyJ')).toBe('j');
    expect(key('ظ', 'Slash')).toBe('/');
    expect(key('ü', 'BracketLeft')).toBe('ü');
  });
  it('keeps an ASCII key as typed wherever it sits (a German - on the US slash’s place opens nothing)', () => {
    expect(key('-', 'Slash')).toBe('-');
    expect(key('Enter', 'Enter')).toBe('Enter');
    expect(key('Escape', 'Escape')).toBe('Escape');
  });
});

describe('useListShortcuts', () => {
  it('moves the focus with a Russian keyboard’s о and л (where j and k sit) too', () => {
    function List() {
      useListShortcuts('a.subject');
      return (
        <>
          <a className="subject" href="#1">
            One
          </a>
          <a className="subject" href="#2">
            Two
          </a>
        </>
      );
    }
    const { getByText } = render(<List />);
    press('о', { code: 'KeyJ' });
    press('о', { code: 'KeyJ' });
    expect(document.activeElement).toBe(getByText('Two'));
    press('л', { code: 'KeyK' });
    expect(document.activeElement).toBe(getByText('One'));
  });

  it('moves the focus down and up the list with j and k, stopping at its ends', () => {
    function List() {
      useListShortcuts('a.subject');
      return (
        <>
          <a className="subject" href="#1">
            One
          </a>
          <a className="subject" href="#2">
            Two
          </a>
        </>
      );
    }
    const { getByText } = render(<List />);
    press('j');
    expect(document.activeElement).toBe(getByText('One'));
    press('j');
    press('j');
    expect(document.activeElement).toBe(getByText('Two'));
    press('k');
    expect(document.activeElement).toBe(getByText('One'));
  });
});
