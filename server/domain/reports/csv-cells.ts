// CSV as RFC 4180 writes it, safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or carriage
// return) would be read as a formula there, so it is prefixed with an apostrophe (OWASP's advice on CSV injection).

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: null as empty, numbers as written, text quoted when it must be and defused when it looks like a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ended with CRLF. */
export function csvLine(cells: Array<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
