import { expect, it } from 'vitest';
import { isValidAsciiDomain } from './ascii-domain.js';

// The same answers on Node 20 and Node 24 (whose domain parser hands broken punycode back unchanged).
it('takes plain and valid punycode host names, in any case', () => {
  for (const domain of ['example.com', 'Example.COM', 'xn--mller-kva.de', 'b.xn--p1ai', 'XN--MLLER-KVA.de', 'xn--ls8h.la']) {
    expect(isValidAsciiDomain(domain), domain).toBe(true);
  }
});

it('refuses broken punycode labels and names the parser would change', () => {
  for (const domain of ['xn--zz.test', 'a.xn--', 'xn--a.de', 'xn--mller-kva-.de', 'xn--abc-.example', 'müller.de']) {
    expect(isValidAsciiDomain(domain), domain).toBe(false);
  }
});
