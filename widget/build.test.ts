import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWidgetScript } from './build.js';

let code = '';
beforeAll(async () => {
  code = await buildWidgetScript();
});

describe('built widget script', () => {
  it('fits the 6 KB gzip budget', () => {
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(6144);
  });

  it('uses nothing a strict CSP or a code review would reject', () => {
    for (const banned of ['eval(', 'new Function', '<style', 'setAttribute("style"', 'innerHTML', 'document.write']) {
      expect(code).not.toContain(banned);
    }
  });

  it('stores nothing in the browser', () => {
    for (const banned of ['localStorage', 'sessionStorage', 'document.cookie', 'indexedDB']) {
      expect(code).not.toContain(banned);
    }
  });

  it('is a single IIFE expression statement, so it declares no global', () => {
    const file = ts.createSourceFile('widget.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    expect(file.statements).toHaveLength(1);
    const [statement] = file.statements;
    expect(statement && ts.isExpressionStatement(statement)).toBe(true);
    const call = (statement as ts.ExpressionStatement).expression;
    expect(ts.isCallExpression(call)).toBe(true);
    let callee: ts.Expression = (call as ts.CallExpression).expression;
    while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
    expect(ts.isArrowFunction(callee) || ts.isFunctionExpression(callee)).toBe(true);
  });

  it('only reads HELPDESK_HOME_URL and never writes to the global object', () => {
    expect(code).toContain('typeof HELPDESK_HOME_URL');
    expect(code).not.toMatch(/HELPDESK_HOME_URL\s*=[^=]/);
    expect(code).not.toMatch(/\b(window|globalThis|self)\.[\w$]+\s*=[^=]/);
    expect(code).not.toMatch(/\b(window|globalThis|self)\[[^\]]+\]\s*=[^=]/);
  });
});
