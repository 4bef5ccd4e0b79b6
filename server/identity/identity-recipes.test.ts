// The guide's token recipes for signed-in visitors (docs/guide.md, "Signed-in visitors"), run as written in their own
// language and checked by the server's verification: a recipe that is wrong fails here. PHP and Python run only where
// installed (a notice says when one is skipped); Node always does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyIdentityToken } from './identity-token.js';

const GUIDE = readFileSync(new URL('../../docs/guide.md', import.meta.url), 'utf8');
const SECRET = 'hdid_recipe-secret/with+signs=';
const USER = { id: 42, email: 'zoe.unal@example.com', name: 'Zoë Ünal / “Support” <QA>' };

/** The guide's code block in `language` under the "Signed-in visitors" heading. */
function recipe(language: string): string {
  const section = GUIDE.slice(GUIDE.indexOf('### Signed-in visitors'));
  const match = section.match(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``));
  if (!match?.[1]) throw new Error(`No ${language} recipe in docs/guide.md`);
  return match[1];
}

function installed(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Runs `source` with `command` from a file in a temporary folder; returns what it printed. */
function run(command: string, file: string, source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-recipe-'));
  try {
    writeFileSync(join(dir, file), source);
    return execFileSync(command, [join(dir, file)], { encoding: 'utf8', timeout: 20_000 }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expectAccepted(token: string) {
  expect(verifyIdentityToken(token, SECRET, Math.floor(Date.now() / 1000))).toEqual({
    ok: true,
    claims: { email: USER.email, name: USER.name, externalId: String(USER.id) },
  });
}

const hasPhp = installed('php');
const hasPython = installed('python3');
if (!hasPhp) console.warn('\nNOTICE: php is not installed; the guide’s PHP identity recipe is not checked (apt-get install php-cli).\n');
if (!hasPython) console.warn('\nNOTICE: python3 is not installed; the guide’s Python identity recipe is not checked.\n');

describe('the guide’s identity token recipes', () => {
  it('Node: the token is accepted by the server', () => {
    const source = `${recipe('js').replace('export function', 'function')}
console.log(helpdeskToken(${JSON.stringify(USER)}, ${JSON.stringify(SECRET)}));`;
    expectAccepted(run(process.execPath, 'recipe.mjs', source));
  });

  it.skipIf(!hasPhp)('PHP: the token is accepted by the server', () => {
    const source = `<?php
${recipe('php')}
echo helpdesk_token(json_decode(${JSON.stringify(JSON.stringify(USER)).replaceAll('$', '\\$')}, true), ${JSON.stringify(SECRET)});`;
    expectAccepted(run('php', 'recipe.php', source));
  });

  it.skipIf(!hasPython)('Python: the token is accepted by the server', () => {
    const source = `${recipe('python')}
from types import SimpleNamespace
print(helpdesk_token(SimpleNamespace(**json.loads(${JSON.stringify(JSON.stringify(USER))})), ${JSON.stringify(SECRET)}))`;
    expectAccepted(run('python3', 'recipe.py', source));
  });
});
