import { expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-cells.js';

it('a cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets an apostrophe first', () => {
  expect(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-2+3", "'@cmd", "'\tx", '"\'\rx"']);
});

it('numbers stay numbers (a negative one is no formula), null is an empty cell, quotes and commas are quoted', () => {
  expect(csvLine([-5, null, 'a,b', 'say "hi"', 'plain'])).toBe('-5,,"a,b","say ""hi""",plain\r\n');
});
