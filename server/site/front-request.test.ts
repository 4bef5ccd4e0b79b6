import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFrontRequest, FrontRequest } from './front-request.js';

describe('createFrontRequest', () => {
  it('sees the path and query exactly as the URL parser does, for any request target', () => {
    // What a request line can carry: no spaces or controls (Node's HTTP parser refuses them).
    const segment = fc.stringMatching(/^[\w.%\\~:@!$&'()*+,;=-]{0,8}$/);
    const target = fc
      .tuple(fc.array(segment, { maxLength: 4 }), fc.option(fc.stringMatching(/^[\x21-\x7eé✓]{0,20}$/), { nil: undefined }), fc.boolean())
      .map(([segments, query, slash]) => `/${segments.join('/')}${slash ? '/' : ''}${query === undefined ? '' : `?${query}`}`);
    fc.assert(
      fc.property(target, fc.constantFrom('', '/help'), (rawUrl, basePath) => {
        // A target the URL parser refuses (like "//") is refused the same way.
        if (!URL.canParse(rawUrl, 'http://placeholder')) {
          expect(() => createFrontRequest('GET', rawUrl, basePath, {})).toThrow();
          return;
        }
        const url = new URL(rawUrl, 'http://placeholder');
        const front = createFrontRequest('GET', rawUrl, basePath, {});
        expect(front.path).toBe(url.pathname.slice(basePath.length).replace(/^\//, ''));
        expect([...front.query]).toEqual([...url.searchParams]);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes a bad escape before a non-ASCII character as the URL parser does (fast-check found it)', () => {
    expect([...createFrontRequest('GET', '/?%80✓', '', {}).query]).toEqual([['\uFFFD✓', '']]);
  });

  it('matches the widget rule with and without the slash', () => {
    expect(createFrontRequest('GET', '/help/helpdesk/tickets/embed?x=1', '/help', {}).queryVars).toEqual({ helpdesk_tickets_embed: '1' });
    expect(createFrontRequest('GET', '/helpdesk/tickets/embed/', '', {}).queryVars).toEqual({ helpdesk_tickets_embed: '1' });
    expect(createFrontRequest('GET', '/helpdesk/./tickets/embed/', '', {}).path).toBe('helpdesk/tickets/embed/');
    expect(createFrontRequest('GET', '/nope', '', {}).queryVars).toEqual({ error: '404' });
  });
});

describe('FrontRequest.exit', () => {
  it('makes the answer final: a later handler cannot change it', () => {
    const front = new FrontRequest('GET', 'helpdesk/tickets/embed', new URLSearchParams(), { helpdesk_tickets_embed: '1' }, {});
    front.status(404).exit();
    front.redirect('http://help.test/helpdesk/tickets/embed/', 301);
    front.header('x-late', '1').send('late');
    expect([front.statusCode, front.responseHeaders, front.body, front.isExited]).toEqual([404, {}, '', true]);
  });
});
