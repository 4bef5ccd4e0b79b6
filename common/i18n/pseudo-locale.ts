import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

function walk(elements: MessageFormatElement[]): void {
  for (const element of elements) {
    if (element.type === TYPE.literal) element.value = accent(element.value);
    else if (element.type === TYPE.tag) walk(element.children);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) walk(option.value);
    }
  }
}

// The length of the words a reader sees: literals, a tag's words, and the longest branch of a plural or select
// (not the ICU syntax around them, which would pad `{count, plural, one {# ticket} other {# tickets}}` fivefold).
function visibleLength(elements: MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) length += element.value.length;
    else if (element.type === TYPE.tag) length += visibleLength(element.children);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      length += Math.max(0, ...Object.values(element.options).map((option) => visibleLength(option.value)));
    }
  }
  return length;
}

/**
 * A message in the pseudo-locale: its words accented, padded by a third (German runs about that much longer than
 * English) and bracketed, with placeholders, plurals and tags left working. `⟦Ŝéñð ţíçķéţ ~~~⟧` on a screen came
 * from the catalogue; `Send ticket` did not.
 */
export function pseudoLocalize(message: string): string {
  const ast = parse(message, { captureLocation: false });
  const padding = '~'.repeat(Math.max(1, Math.round(visibleLength(ast) * 0.3)));
  walk(ast);
  const text = printAST(ast);
  return `⟦${text} ${padding}⟧`;
}

/**
 * The same for a message already parsed (the admin app's catalogues): a new tree, the given one left as it is.
 */
export function pseudoLocalizeElements(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  const ast = structuredClone(elements) as MessageFormatElement[];
  const padding = '~'.repeat(Math.max(1, Math.round(visibleLength(ast) * 0.3)));
  walk(ast);
  return [{ type: TYPE.literal, value: '⟦' }, ...ast, { type: TYPE.literal, value: ` ${padding}⟧` }];
}
