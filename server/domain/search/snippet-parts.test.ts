import { expect, it } from 'vitest';
import { snippetParts } from './snippet-parts.js';
import { searchWords } from './ticket-search.js';

const text = (parts: ReturnType<typeof snippetParts>) => parts?.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

it('marks each searched word where a word starts with it, and nothing inside a word', () => {
  expect(text(snippetParts('The toner and the Toners, not cartoner', searchWords('toner')))).toBe(
    'The [toner] and the [Toners], not cartoner',
  );
  expect(snippetParts('Nothing to see', searchWords('toner'))).toBeNull();
});

it('cuts a long text at words around the first match and says so at both ends', () => {
  const long = `${'alpha '.repeat(30)}Müller ordered ${'omega '.repeat(60)}`;
  const shown = text(snippetParts(long, searchWords('müller')));
  expect(shown?.startsWith('… alpha') || shown?.startsWith('…alpha')).toBe(true);
  expect(shown).toContain('[Müller] ordered');
  expect(shown?.endsWith('omega…')).toBe(true);
  expect(shown?.length).toBeLessThan(220);
});

it('marks an identifier’s words and one word that is a prefix of another once', () => {
  expect(text(snippetParts('Order ORD-98765 arrived', searchWords('ORD-98765')))).toBe('Order [ORD-98765] arrived');
  expect(text(snippetParts('Printing printers', searchWords('print printer')))).toBe('[Printing] [printers]');
});
