import ts from 'typescript';

/** A text in code that a person would read, found outside the catalogues. */
export interface ShownLiteral {
  line: number;
  text: string;
  why: string;
}

/** JSX attributes whose value is read (or heard, by a screen reader). */
const SHOWN_ATTRIBUTES = new Set([
  'title',
  'alt',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

/** Object properties that, by the names this code gives them, hold a text for people. */
const SHOWN_PROPERTIES = new Set([
  'label',
  'title',
  'desc',
  'placeholder',
  'subject',
  'detail',
  'heading',
  'hint',
  'help',
  'intro',
  'notice',
  'confirm',
  'empty',
  'caption',
  'alt',
  'ariaLabel',
]);

/** Calls whose text arguments go to people: a problem's detail, a field's message. */
const SHOWN_CALLS = new Set(['AppError', 'invalidField', 'fieldError']);

/** Calls whose text goes to a log or a developer, never to a reader. */
const INTERNAL_CALLS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'assert', 'describe', 'it', 'test', 'sql']);
const LOG_METHODS = new Set(['debug', 'info', 'warn', 'error', 'trace', 'fatal']);

// Two words of letters with a space between, starting with a capital or ending as a sentence does: a sentence or
// a label, not an identifier, a path, SQL or a CSS class list.
const WORDS = /\p{L}{2,}[ \u00a0]+\p{L}{2,}/u;
const SENTENCE_LIKE = /^[\s"'(“«¿¡#]*\p{Lu}|[.!?…:]\s*$/u;
const isSentence = (text: string) => WORDS.test(text) && SENTENCE_LIKE.test(text);
const LETTER = /\p{L}/u;

const EXEMPT = /i18n-exempt/;

// `&nbsp;`, `&times;`, `&#8230;` in JSX text are characters, not words (TypeScript keeps them undecoded).
const JSX_ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/gi;

/**
 * Literals in `source` (TypeScript or TSX) that people would read: JSX text, read attributes, texts under a name
 * that says so (`label:`, `detail:`), a problem's detail, and any other sentence — unless it goes to a log or an
 * internal error, is a type, a key, an import, SQL, or carries an `i18n-exempt` comment on its line or the line
 * before (say why: a brand name, a protocol word, a sample value).
 */
export function findShownLiterals(fileName: string, source: string): ShownLiteral[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = source.split('\n');
  const found: ShownLiteral[] = [];

  const report = (node: ts.Node, text: string, why: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    if (EXEMPT.test(lines[line] ?? '') || EXEMPT.test(lines[line - 1] ?? '')) return;
    found.push({ line: line + 1, text: text.trim().slice(0, 80), why });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node) || ts.isEnumDeclaration(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
      const name = calleeName(node);
      if (name && INTERNAL_CALLS.has(name)) return;
      if (name && LOG_METHODS.has(name) && isLogger(node)) return;
      if (name && SHOWN_CALLS.has(name) && !ts.isTaggedTemplateExpression(node)) {
        // The first argument is a code (`'NOT_FOUND'`) or a field name (`'email'`): the texts follow it.
        for (const argument of (node.arguments ?? []).slice(1)) {
          const text = literalText(argument);
          if (text !== null && LETTER.test(text)) report(argument, text, `${name}'s text`);
          else visit(argument);
        }
        return;
      }
    }
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text.replace(JSX_ENTITY, ''))) report(node, node.text, 'JSX text');
      return;
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(file);
      if (!SHOWN_ATTRIBUTES.has(name)) return; // className, href, type…: not read
      const value = node.initializer;
      const text = !value
        ? null
        : ts.isStringLiteral(value)
          ? value.text
          : ts.isJsxExpression(value) && value.expression
            ? literalText(value.expression)
            : null;
      if (text && LETTER.test(text)) {
        report(node, text, `${name}="…"`);
        return;
      }
      if (value) ts.forEachChild(value, visit);
      return;
    }
    if (ts.isPropertyAssignment(node)) {
      const name = node.name.getText(file).replace(/['"]/g, '');
      const text = literalText(node.initializer);
      if (text !== null && SHOWN_PROPERTIES.has(name) && LETTER.test(text)) {
        report(node.initializer, text, `${name}: "…"`);
        return;
      }
      if (name === 'description' || name === 'summary' || name === 'className') return; // OpenAPI words; CSS classes
      visit(node.initializer);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isSentence(node.text)) report(node, node.text, 'a sentence');
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
      if (isSentence(text)) report(node, text, 'a sentence');
      for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function literalText(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => span.literal.text).join(' ');
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  return null;
}

function calleeName(node: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression): string | null {
  const callee = ts.isTaggedTemplateExpression(node) ? node.tag : node.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

// `log.info(…)`, `request.log.warn(…)`, `logger.error(…)`, `console.error(…)`: the object is a logger.
function isLogger(node: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression): boolean {
  const callee = ts.isTaggedTemplateExpression(node) ? node.tag : node.expression;
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const object = callee.expression;
  const name = ts.isIdentifier(object) ? object.text : ts.isPropertyAccessExpression(object) ? object.name.text : '';
  return /^(log|logger|console)$/i.test(name) || name.endsWith('Log') || name.endsWith('Logger');
}
