import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path.js';

const FALLBACK = '/fallback/';

// Every way a return_to has been made to leave a site, from open-redirect write-ups.
const FOREIGN = [
  '//evil.test/x',
  '///evil.test',
  '////evil.test',
  '/\\evil.test',
  '\\\\evil.test',
  '/\\/evil.test',
  '/%2F%2Fevil.test',
  '/%2f%2fevil.test',
  '/%5Cevil.test',
  '/%5c%5cevil.test',
  '/%2F%2Fevil.test/x',
  '/%252F%252Fevil.test',
  'https://evil.test/',
  'http:evil.test',
  'javascript:alert(1)',
  'data:text/html,x',
  '/\t/evil.test',
  '/\n/evil.test',
  '/\r\n/evil.test',
  '/%09/evil.test',
  '/%0d%0a/evil.test',
  '/%00/evil.test',
  '/ /evil.test',
  '/\u3000/evil.test',
  '/／evil.test',
  '/tickets/../..//evil.test',
  '/./..//evil.test',
  'evil.test',
  '',
  '?x=1',
  '#x',
  `/${'a'.repeat(600)}`,
];

describe('safeReturnPath', () => {
  it.each(FOREIGN)('refuses %j', (value) => {
    expect(safeReturnPath(value, '', FALLBACK)).toBe(FALLBACK);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['/tickets/'], { href: '/tickets/' }])
      expect(safeReturnPath(value, '', FALLBACK)).toBe(FALLBACK);
  });

  it('keeps paths of the help site with their query', () => {
    expect(safeReturnPath('/tickets/', '', FALLBACK)).toBe('/tickets/');
    expect(safeReturnPath('/tickets/?ticket=12&notice=reply_sent', '', FALLBACK)).toBe('/tickets/?ticket=12&notice=reply_sent');
    expect(safeReturnPath('/docs/product/acme-app/', '', FALLBACK)).toBe('/docs/product/acme-app/');
    expect(safeReturnPath('/tickets/new/#form', '', FALLBACK)).toBe('/tickets/new/');
  });

  it('stays under a path prefix', () => {
    expect(safeReturnPath('/help/tickets/', '/help', FALLBACK)).toBe('/help/tickets/');
    for (const value of ['/tickets/', '/helpdesk/', '/help/../admin/', '/help/%2e%2e/other/', '/help/..//evil.test', '//help/tickets/']) {
      expect(safeReturnPath(value, '/help', FALLBACK), value).toBe(FALLBACK);
    }
  });
});
