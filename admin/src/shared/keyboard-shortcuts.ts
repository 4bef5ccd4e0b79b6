import { useLayoutEffect, useRef } from 'react';
import type { MessageKey } from '../../../common/i18n/message-keys.js';

/**
 * Every shortcut, as the help dialog lists them (the handlers live where each one acts). The keys are Latin
 * letters (j and k, as in most web apps), found on a keyboard of another script by where they sit
 * (`shortcutKey`); a key that has a word of its own (Enter, Esc) in the reader's language (`keyName`).
 */
export const SHORTCUTS: ReadonlyArray<{ keys: string; keyName?: MessageKey; what: MessageKey }> = [
  { keys: 'j', what: 'admin.shortcuts.next' },
  { keys: 'k', what: 'admin.shortcuts.previous' },
  { keys: 'Enter', keyName: 'admin.shortcuts.enterKey', what: 'admin.shortcuts.open' },
  { keys: 'a', what: 'admin.shortcuts.assign' },
  { keys: 's', what: 'admin.shortcuts.status' },
  { keys: 'c', what: 'admin.shortcuts.close.tickets' },
  { keys: 'r', what: 'admin.shortcuts.reply' },
  { keys: 'n', what: 'admin.shortcuts.note' },
  { keys: '/', what: 'admin.shortcuts.savedReply' },
  { keys: '?', what: 'admin.shortcuts.help' },
  { keys: 'Esc', keyName: 'admin.shortcuts.escKey', what: 'admin.shortcuts.escape' },
];

/** True when a key press is text for a field (or a list being chosen from), never a shortcut. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target.getAttribute('role') === 'combobox';
}

/**
 * The key a shortcut answers to. `key` first, so a Latin layout's letters are what they say (AZERTY's a is
 * a, wherever it sits). A key that types a character outside ASCII (Arabic ش, Russian ф, Arabic ؟, German ü)
 * is read by where it sits instead (`code`), as on a US keyboard: ش and ф sit on A, so they are a; ؟ is
 * Shift and the slash key, so ?. ASCII keys (a German - or an AZERTY ! on a US slash's place) stay as typed.
 */
export function shortcutKey(event: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey'>): string {
  const { key, code, shiftKey } = event;
  if ([...key].length !== 1 || key.charCodeAt(0) < 0x80) return key;
  const letter = /^Key([A-Z])$/.exec(code)?.[1];
  if (letter) return shiftKey ? letter : letter.toLowerCase();
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code)?.[1];
  if (digit) return digit;
  if (code === 'Slash') return shiftKey ? '?' : '/';
  return key;
}

/**
 * Runs `handlers[key]` (the key as `shortcutKey` reads it) on a key press anywhere on the page, except while typing
 * in a field, with Ctrl, Alt or Meta held (the browser's and the system's own shortcuts), or while a dialog is open.
 */
export function useShortcuts(handlers: Record<string, () => void>): void {
  // The latest handlers, without registering a listener again on every render.
  const current = useRef(handlers);
  current.current = handlers;
  // Registered as the screen is committed (a layout effect, not a passive one that runs after the paint):
  // a key pressed the moment the screen appears reaches it.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (isTypingIn(event.target) || document.querySelector('dialog[open]')) return;
      const handler = current.current[shortcutKey(event)];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * j and k move the focus down and up a list of links (the inbox's tickets); Enter on the focused link opens
 * it as any link does. Focus, not a separate "selected" state, so screen readers and Tab agree with it.
 */
export function useListShortcuts(selector: string): void {
  useShortcuts({ j: () => moveFocus(selector, 1), k: () => moveFocus(selector, -1) });
}

function moveFocus(selector: string, step: 1 | -1): void {
  const items = [...document.querySelectorAll<HTMLElement>(selector)];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? (step === 1 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, at + step));
  const item = items[next];
  item?.focus();
  item?.scrollIntoView({ block: 'nearest' });
}
