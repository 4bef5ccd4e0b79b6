import { expect, it } from 'vitest';
import { findLongLines } from './find-long-lines.js';

it('names each line over the width, counting characters, not UTF-16 units, and passes a line exactly at it', () => {
  const atWidth = '😀'.repeat(140);
  const over = `${'x'.repeat(140)}y`;
  expect(findLongLines(`short\n${atWidth}\n${over}\r\nlast`)).toEqual([{ line: 3, width: 141 }]);
  expect(findLongLines('abcdef', 5)).toEqual([{ line: 1, width: 6 }]);
});
