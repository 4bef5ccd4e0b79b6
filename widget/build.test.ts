import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWidgetFilesScript, buildWidgetScript, buildWidgetSuggestScript } from './build.js';

let code = '';
let filesCode = '';
let suggestCode = '';
beforeAll(async () => {
  [code, filesCode, suggestCode] = await Promise.all([buildWidgetScript(), buildWidgetFilesScript(), buildWidgetSuggestScript()]);
});

/** The statement list of a script is exactly one IIFE call (so it declares no global). */
function expectSingleIife(source: string): void {
  const file = ts.createSourceFile('widget.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  expect(file.statements).toHaveLength(1);
  const [statement] = file.statements;
  expect(statement && ts.isExpressionStatement(statement)).toBe(true);
  const call = (statement as ts.ExpressionStatement).expression;
  expect(ts.isCallExpression(call)).toBe(true);
  let callee: ts.Expression = (call as ts.CallExpression).expression;
  while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
  expect(ts.isArrowFunction(callee) || ts.isFunctionExpression(callee)).toBe(true);
}

const BANNED = ['eval(', 'new Function', '<style', 'setAttribute("style"', 'innerHTML', 'document.write'];
const STORAGE = ['localStorage', 'sessionStorage', 'document.cookie', 'indexedDB'];
const noGlobalWrites = (source: string): void => {
  expect(source).not.toMatch(/\b(window|globalThis|self)\.[\w$]+\s*=[^=]/);
  expect(source).not.toMatch(/\b(window|globalThis|self)\[[^\]]+\]\s*=[^=]/);
};

describe('built widget script', () => {
  // The 6 KB gzip budget is measured on what the endpoint sends (the HELPDESK_HOME_URL line included):
  // server/site/embed/embed-size.test.ts.

  it('uses nothing a strict CSP or a code review would reject', () => {
    for (const banned of BANNED) {
      expect(code).not.toContain(banned);
    }
  });

  it('stores nothing in the browser', () => {
    for (const banned of STORAGE) {
      expect(code).not.toContain(banned);
    }
  });

  it('is a single IIFE expression statement, so it declares no global', () => {
    expectSingleIife(code);
  });

  it('only reads HELPDESK_HOME_URL and never writes to the global object', () => {
    expect(code).toContain('typeof HELPDESK_HOME_URL');
    expect(code).not.toMatch(/HELPDESK_HOME_URL\s*=[^=]/);
    noGlobalWrites(code);
  });

  it('holds no form code: the dialog, its fields and attachments load from …/embed/files/ when the form opens', () => {
    expect(code).toContain('/helpdesk/tickets/embed/files/');
    expect(code).not.toContain('XMLHttpRequest');
    expect(code).not.toContain('FormData');
    expect(code).not.toContain('showModal');
  });

  it("bundles only the launcher's English of the catalogue; the form's code bundles the visitor's texts", () => {
    expect(code).toContain('Need Help?');
    expect(code).not.toContain('Contact support');
    expect(filesCode).toContain('Contact support');
    expect(filesCode).toContain('Attach files');
    // Not the server's own texts (the form checks, the Settings labels), and keys without their namespace.
    expect(filesCode).not.toContain('send 1 to tick it');
    expect(filesCode).not.toContain('Launcher corner');
    expect(filesCode).not.toContain('widget.title');
  });
});

describe("built form's code (…/embed/files/: the dialog, its fields and attachments)", () => {
  // Loaded when the visitor first opens the form. 8,535 B before issue 38; the page API's commands and the
  // suggestions' hook (the suggestions themselves are a script of their own) brought it to 10,339 B (2026-12-03).
  it('stays small: at most 11 KB gzip', () => {
    expect(gzipSync(filesCode, { level: 9 }).length).toBeLessThanOrEqual(11 * 1024);
  });

  it('is one IIFE that neither stores, evaluates, writes HTML nor touches a global', () => {
    for (const banned of [...BANNED, ...STORAGE]) expect(filesCode).not.toContain(banned);
    expectSingleIife(filesCode);
    noGlobalWrites(filesCode);
    expect(filesCode).not.toContain('HELPDESK_HOME_URL');
  });

  it('hands itself over through an event on its own script element', () => {
    expect(filesCode).toContain('document.currentScript');
    expect(filesCode).toContain('"helpdesk-files"');
    expect(filesCode).toContain('XMLHttpRequest');
  });
});

describe('built suggestion code (…/embed/suggest/: the doc suggestions and the article view)', () => {
  it("is loaded by the form's code when the visitor types, never by the first download", () => {
    expect(filesCode).toContain('/helpdesk/tickets/embed/suggest/');
    expect(code).not.toContain('/embed/suggest/');
    expect(code).not.toContain('docs/');
  });

  it('stays small: at most 5 KB gzip, and bundles no catalogue (the form hands it its texts)', () => {
    expect(gzipSync(suggestCode, { level: 9 }).length).toBeLessThanOrEqual(5120);
    expect(suggestCode).not.toContain('Did this answer');
    expect(suggestCode).not.toContain('Contact support');
  });

  it('is one IIFE that neither stores, evaluates, writes HTML nor touches a global, and hands itself over like the form', () => {
    for (const banned of [...BANNED, ...STORAGE]) expect(suggestCode).not.toContain(banned);
    expectSingleIife(suggestCode);
    noGlobalWrites(suggestCode);
    expect(suggestCode).toContain('document.currentScript');
    expect(suggestCode).toContain('"helpdesk-suggest"');
    expect(suggestCode).toContain('DOMParser');
  });
});
