import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventReporter, newSessionId } from './widget-session.js';

afterEach(() => vi.unstubAllGlobals());

describe('the widget session and its deflection events', () => {
  it('a session id is 32 random characters the route accepts, new each time', () => {
    const a = newSessionId();
    expect(a).toMatch(/^[0-9a-z]{32}$/);
    expect(newSessionId()).not.toBe(a);
  });

  it('sends each (event, doc) once per session, form-encoded, no cookies; each empty search; a new session anew', async () => {
    const sent: Array<{ url: string; body: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({ url, body: String(init.body), init });
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    let session = 's'.repeat(32);
    const report = eventReporter('https://help.example', () => session);
    report('opened');
    report('opened');
    report('shown', 7);
    report('shown', 8);
    report('shown', 7);
    report('typed', undefined, 'quantum');
    report('typed', undefined, 'quantum teleporter');
    session = 't'.repeat(32);
    report('opened');
    expect(sent.map((s) => s.body)).toEqual([
      `session=${'s'.repeat(32)}&event=opened`,
      `session=${'s'.repeat(32)}&event=shown&doc_id=7`,
      `session=${'s'.repeat(32)}&event=shown&doc_id=8`,
      `session=${'s'.repeat(32)}&event=typed&query=quantum`,
      `session=${'s'.repeat(32)}&event=typed&query=quantum+teleporter`,
      `session=${'t'.repeat(32)}&event=opened`,
    ]);
    expect(sent[0]?.url).toBe('https://help.example/api/helpdesk/v1/widget-events');
    expect(sent[0]?.init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
  });
});
