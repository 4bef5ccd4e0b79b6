// `npm run lint`: no line of code wider than biome's lineWidth. Biome wraps code to it but leaves a long
// string, comment or test title as it is, so this names each such line. Exits non-zero on any.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findLongLines, MAX_LINE_WIDTH } from './find-long-lines.js';

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|json)$/;
// A migration that has shipped is frozen, comments included: it keeps its lines as they are. The API's types are
// generated (npm run contract) with the routes' descriptions as they are. A message catalogue holds one message per
// key, each one JSON string, and a JSON string cannot be wrapped.
const LEFT_AS_THEY_ARE =
  /^server\/db\/migrations\/|(^|\/)package-lock\.json$|^common\/contract\/openapi\.d\.ts$|^common\/i18n\/locales\/[^/]+\/[^/]+\.json$/;
const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => CODE.test(file) && !LEFT_AS_THEY_ARE.test(file));
let count = 0;
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  for (const { line, width } of findLongLines(text)) {
    console.error(`${file}:${line}: ${width} columns, over ${MAX_LINE_WIDTH}: wrap the string or comment`);
    count++;
  }
}
if (count > 0) process.exitCode = 1;
