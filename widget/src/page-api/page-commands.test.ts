// @vitest-environment happy-dom
// The page API's commands and events on the real dialog (issue 38): open, close, toggle, prefill (custom fields
// too), identify (name and email locked, the token sent), logout, search, on/off, and the require-identity gate.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../api.js';
import { createTicketDialog } from '../dialog.js';
import { createPageCommands } from './page-commands.js';

const b64 = (v: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(v)))).replace(/=+$/, '');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ name: 'Zoë Lee', email: 'zoe@shop.test', exp: 1 })}.signature`;

const definition: FormDefinition = {
  site: { name: 'Shop', brand_color: '#123456' },
  fields: [
    { name: 'subject', label: 'Subject', type: 'text', required: true, builtin: true },
    { name: 'description', label: 'Description', type: 'textarea', required: true, builtin: true },
    { name: 'custom_plan', label: 'Plan', type: 'text', required: false, builtin: false },
    { name: 'custom_newsletter', label: 'Newsletter', type: 'checkbox', required: false, builtin: false },
  ],
};

function setUp(identityRequired = false) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const launcher = document.createElement('button');
  root.append(launcher);
  const made = createTicketDialog('https://help.example', root, launcher, () => {}, definition);
  const run = createPageCommands(made.ui, { identityRequired });
  const call = (...args: unknown[]) => run(args);
  const control = (name: string) => made.ui.form.control(name) as HTMLInputElement;
  return { ...made.ui, call, control, root };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('the page commands', () => {
  it('open, close and toggle the form, with open and close events; on returns an unsubscribe, off stops a listener', () => {
    const { dialog, call } = setUp();
    const seen: string[] = [];
    const stop = call('on', 'open', () => seen.push('open')) as () => void;
    const onClose = () => seen.push('close');
    call('on', 'close', onClose);
    call('open');
    expect(dialog.open).toBe(true);
    call('open');
    call('toggle');
    expect(dialog.open).toBe(false);
    call('toggle');
    expect(dialog.open).toBe(true);
    stop();
    call('off', 'close', onClose);
    call('close');
    call('open');
    expect(seen).toEqual(['open', 'close', 'open']);
  });

  it('keeps calling the other listeners when one throws', () => {
    const { call } = setUp();
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const later = vi.fn();
    call('on', 'open', () => {
      throw new Error('page bug');
    });
    call('on', 'open', later);
    call('open');
    expect(later).toHaveBeenCalled();
    expect(reported).toHaveBeenCalledWith(new Error('page bug'));
  });

  it('prefills any field, custom ones and checkboxes included', () => {
    const { call, control } = setUp();
    call('prefill', { subject: 'Order 1042', description: 'Late', custom_plan: 'Pro', custom_newsletter: true, nope: 'x' });
    expect(control('subject').value).toBe('Order 1042');
    expect(control('description').value).toBe('Late');
    expect(control('custom_plan').value).toBe('Pro');
    expect(control('custom_newsletter').checked).toBe(true);
  });

  it('identify fills and locks name and email from the token; prefill cannot change them; logout unlocks and empties them', () => {
    const { call, control } = setUp();
    call('identify', TOKEN);
    expect(control('name').value).toBe('Zoë Lee');
    expect(control('email').value).toBe('zoe@shop.test');
    expect(control('name').readOnly).toBe(true);
    expect(control('email').readOnly).toBe(true);
    call('prefill', { name: 'Mallory', email: 'm@evil.test', subject: 'Hi' });
    expect(control('name').value).toBe('Zoë Lee');
    expect(control('subject').value).toBe('Hi');
    call('logout');
    expect(control('name').readOnly).toBe(false);
    expect(control('email').value).toBe('');
  });

  it('sends the token with the ticket and fires ticket-created with the number', async () => {
    const { call, control, form } = setUp();
    const sent: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        // The filing only: the deflection events go to …/widget-events.
        if (url.includes('/tickets/')) sent.push(init.body as URLSearchParams);
        return new Response(JSON.stringify({ id: 9, number: 42, status: 'open' }), { status: 201 });
      }),
    );
    const created = new Promise((resolve) => call('on', 'ticket-created', resolve));
    call('identify', TOKEN);
    call('prefill', { subject: 'Where is my order', description: 'It is late.' });
    call('open');
    expect(control('subject').value).toBe('Where is my order');
    form.el.requestSubmit();
    expect(await created).toEqual({ number: 42 });
    expect(sent[0]?.get('identity_token')).toBe(TOKEN);
    expect(sent[0]?.get('email')).toBe('zoe@shop.test');
  });

  it('after logout the token is no longer sent', async () => {
    const { call, form } = setUp();
    const sent: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        // The filing only: the deflection events go to …/widget-events.
        if (url.includes('/tickets/')) sent.push(init.body as URLSearchParams);
        return new Response(JSON.stringify({ id: 9, number: 43, status: 'open' }), { status: 201 });
      }),
    );
    const created = new Promise((resolve) => call('on', 'ticket-created', resolve));
    call('identify', TOKEN);
    call('logout');
    call('prefill', { name: 'Ann', email: 'ann@example.com', subject: 'S', description: 'D' });
    form.el.requestSubmit();
    await created;
    expect(sent[0]?.has('identity_token')).toBe(false);
  });

  it('search opens the form with the text as the subject, as if typed', () => {
    const { dialog, call, control } = setUp();
    const typed = vi.fn();
    control('subject').addEventListener('input', typed);
    call('search', 'reset my password');
    expect(control('subject').value).toBe('reset my password');
    expect(typed).toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it('with identity required, shows a sign-in sentence instead of the form until the page identifies the visitor', () => {
    const { call, form, root } = setUp(true);
    expect(form.el.hidden).toBe(true);
    const notice = root.querySelector('p[role=status]:not([tabindex])') as HTMLElement;
    expect(notice.hidden).toBe(false);
    expect(notice.textContent).toMatch(/sign in/i);
    call('identify', TOKEN);
    expect(form.el.hidden).toBe(false);
    expect(notice.hidden).toBe(true);
    call('logout');
    expect(form.el.hidden).toBe(true);
  });

  it('ignores unknown commands and the names of Object.prototype', () => {
    const { call } = setUp();
    for (const command of ['explode', 'constructor', 'toString', '__proto__', 42]) expect(call(command)).toBeUndefined();
  });

  it('hands the page the events the suggestions code dispatches', () => {
    const { root, call } = setUp();
    const opened = vi.fn();
    const deflected = vi.fn();
    call('on', 'suggestion-opened', opened);
    call('on', 'deflected', deflected);
    // As widget/src/suggest/mount-suggest.ts raises them: on the shadow root's host.
    root.host.dispatchEvent(new CustomEvent('helpdesk:suggestion-opened', { detail: { id: 3, title: 'Reset a password' } }));
    root.host.dispatchEvent(new CustomEvent('helpdesk:deflected', { detail: { id: 3, title: 'Reset a password' } }));
    expect(opened).toHaveBeenCalledWith({ id: 3, title: 'Reset a password' });
    expect(deflected).toHaveBeenCalledWith({ id: 3, title: 'Reset a password' });
  });
});
