import { describe, expect, it } from 'vitest';
import { resolveHomeUrl } from './resolve-home-url.js';

const origin = 'https://shop.example';

describe('resolveHomeUrl', () => {
  it('uses HELPDESK_HOME_URL when defined, without a trailing slash', () => {
    expect(
      resolveHomeUrl({
        variable: 'https://help.example/sub/',
        scriptSrc: 'https://help.example/helpdesk/tickets/embed/',
        origin,
      }),
    ).toBe('https://help.example/sub');
    expect(resolveHomeUrl({ variable: 'https://help.example', scriptSrc: undefined, origin })).toBe('https://help.example');
  });

  it('prefers the variable even over a script src with a marker', () => {
    expect(resolveHomeUrl({ variable: 'https://a.example', scriptSrc: 'https://b.example/content/w.js', origin })).toBe(
      'https://a.example',
    );
  });

  it('ignores a non-string variable (DOM clobbering) and an empty one', () => {
    const clobbered = { tagName: 'DIV' };
    const src = 'https://help.example/helpdesk/tickets/embed/';
    expect(resolveHomeUrl({ variable: clobbered, scriptSrc: src, origin })).toBe('https://help.example');
    expect(resolveHomeUrl({ variable: '', scriptSrc: src, origin })).toBe('https://help.example');
  });

  it('cuts the script src before /helpdesk/tickets/embed', () => {
    expect(resolveHomeUrl({ variable: undefined, scriptSrc: 'https://help.example/helpdesk/tickets/embed/', origin })).toBe(
      'https://help.example',
    );
    expect(resolveHomeUrl({ variable: undefined, scriptSrc: 'https://help.example/helpdesk/tickets/embed', origin })).toBe(
      'https://help.example',
    );
  });

  it('cuts the script src before /content/ and keeps a path prefix', () => {
    expect(resolveHomeUrl({ variable: undefined, scriptSrc: 'https://example.org/help/content/widget/helpdesk.js', origin })).toBe(
      'https://example.org/help',
    );
  });

  it('cuts at whichever marker comes first', () => {
    expect(
      resolveHomeUrl({
        variable: undefined,
        scriptSrc: 'https://h.example/a/content/x/helpdesk/tickets/embed/',
        origin,
      }),
    ).toBe('https://h.example/a');
    expect(
      resolveHomeUrl({
        variable: undefined,
        scriptSrc: 'https://h.example/b/helpdesk/tickets/embed/content/',
        origin,
      }),
    ).toBe('https://h.example/b');
  });

  it('falls back to the page origin when the script is inline (no src)', () => {
    expect(resolveHomeUrl({ variable: undefined, scriptSrc: '', origin })).toBe(origin);
    expect(resolveHomeUrl({ variable: undefined, scriptSrc: null, origin })).toBe(origin);
  });

  it('documented failure: a copy on a third host with neither marker nor variable calls the host page origin', () => {
    const wrong = resolveHomeUrl({ variable: undefined, scriptSrc: 'https://cdn.third.example/js/helpdesk.js', origin });
    expect(wrong).toBe(origin);
    expect(wrong).not.toContain('third.example');
  });
});
