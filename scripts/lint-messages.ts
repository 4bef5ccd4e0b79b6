// `npm run lint:messages` (part of `npm run lint`): the catalogues are complete and agree with English, and no
// text a person reads is written in code outside them. `-- --only admin/src` checks one part of the tree.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CatalogueFiles, findCatalogueProblems } from './check-catalogues.js';
import { findShownLiterals } from './find-shown-literals.js';
import { isShownSource } from './shown-sources.js';

const LOCALES = 'common/i18n/locales';
const files: CatalogueFiles = {};
for (const language of readdirSync(LOCALES)) {
  files[language] = {};
  for (const name of readdirSync(join(LOCALES, language))) {
    if (!name.endsWith('.json')) continue;
    const path = join(LOCALES, language, name);
    try {
      files[language][name.slice(0, -5)] = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      console.error(`${path}: not JSON (${(error as Error).message})`);
      process.exitCode = 1;
    }
  }
}
let count = 0;
for (const problem of findCatalogueProblems(files)) {
  console.error(`${LOCALES}/${problem}`);
  count++;
}

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const sources = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => isShownSource(file) && (!only || file.startsWith(only)));
for (const file of sources) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  for (const { line, text: shown, why } of findShownLiterals(file, text)) {
    console.error(`${file}:${line}: ${why} outside the catalogues: "${shown}"`);
    count++;
  }
}
if (count > 0) {
  console.error(`\n${count} problems. Put each text in common/i18n/locales/<language>/<part>.json (docs/languages.md).`);
  process.exitCode = 1;
}
