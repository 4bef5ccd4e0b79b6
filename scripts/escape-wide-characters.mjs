// V8 keeps a script's source text in memory for as long as the script lives, one byte per character while
// every character is Latin-1 and two bytes per character as soon as one is not. The server bundle's few
// wider characters (in comments and in regular expressions of bundled packages) would so double the
// memory its ~5 MB of source text takes; each is written as the escape that means the same character.
import { readFileSync, writeFileSync } from 'node:fs';
import { transform } from 'esbuild';

const hex = (unit) => `\\u${unit.toString(16).padStart(4, '0')}`;

/**
 * `text` with every UTF-16 code unit above U+00FF written as `\uXXXX`. A wide character that was itself
 * escaped by a backslash (`\—`, an identity escape in a string or regular expression) loses that backslash:
 * `\—`, `—` and `\u2014` all mean the same there.
 */
export function escapeWideCharacters(text) {
  return text.replace(/(\\*)([\u0100-\uffff])/g, (_match, slashes, char) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    let escaped = '';
    for (let i = 0; i < char.length; i++) escaped += hex(char.charCodeAt(i));
    return kept + escaped;
  });
}

/** Rewrites `file` in place, then checks it still parses as an ES module (the build stops if not). */
export async function escapeWideCharactersInFile(file) {
  const text = readFileSync(file, 'utf8');
  const escaped = escapeWideCharacters(text);
  if (escaped === text) return;
  await transform(escaped, { loader: 'js', format: 'esm', logLevel: 'silent' });
  writeFileSync(file, escaped);
}
