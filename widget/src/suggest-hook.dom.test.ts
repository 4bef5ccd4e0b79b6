// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTicketForm } from './form.js';
import { SUGGEST_EVENT, type SuggestHost } from './suggest-contract.js';
import { hookSuggestions } from './suggest-hook.js';

describe('hookSuggestions: when the widget asks for suggestions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const setUp = () => {
    const form = buildTicketForm();
    document.body.append(form.el);
    const reported: string[] = [];
    const host = { home: 'https://help.example', report: (event: string) => reported.push(event) } as unknown as SuggestHost;
    hookSuggestions(host, form);
    const type = (name: 'subject' | 'description' | 'name', text: string) => {
      const control = form.control(name) as HTMLInputElement;
      control.value = text;
      control.dispatchEvent(new Event('input', { bubbles: true }));
    };
    // The scripts the hook adds to the page, held here (the test's DOM loads none).
    const added: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as HTMLScriptElement[])));
    const scripts = () => added.map((s) => s.src);
    return { type, scripts, added, reported };
  };

  it('asks nothing before the visitor types 3 characters in the subject or description, then 300 ms after the last key', () => {
    const { type, scripts, reported } = setUp();
    vi.advanceTimersByTime(5000);
    type('name', 'Ann Example');
    vi.advanceTimersByTime(1000);
    expect(scripts()).toEqual([]);
    expect(reported).toEqual([]);
    type('subject', 're');
    vi.advanceTimersByTime(1000);
    expect(scripts()).toEqual([]);
    expect(reported).toEqual(['typed']);
    type('subject', 'res');
    vi.advanceTimersByTime(299);
    type('subject', 'rese');
    vi.advanceTimersByTime(299);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    // The suggestion code, once, from the help desk.
    expect(scripts()).toEqual(['https://help.example/helpdesk/tickets/embed/suggest/']);
    type('subject', 'reset');
    vi.advanceTimersByTime(300);
    expect(scripts()).toHaveLength(1);
  });

  it('hands the suggester the latest text once its code has loaded', () => {
    const { type, scripts, added } = setUp();
    type('description', 'I forgot my password');
    vi.advanceTimersByTime(300);
    type('description', 'I forgot my password again');
    vi.advanceTimersByTime(300);
    const searched: string[] = [];
    expect(scripts()).toHaveLength(1);
    added[0]?.dispatchEvent(new CustomEvent(SUGGEST_EVENT, { detail: () => ({ search: (text: string) => searched.push(text) }) }));
    expect(searched).toEqual(['I forgot my password again']);
    type('subject', 'Reset');
    vi.advanceTimersByTime(300);
    expect(searched).toEqual(['I forgot my password again', 'Reset I forgot my password again']);
  });
});
