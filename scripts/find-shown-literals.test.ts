// The shown-literal rules behind `npm run lint:messages`: each rule fires on its case, once, and each exemption
// keeps its case quiet. A rule that stops firing (or an exemption that starts swallowing texts) fails here.
import { describe, expect, it } from 'vitest';
import { findShownLiterals } from './find-shown-literals.js';

/** What the check finds in one snippet, as "why: text". */
const found = (source: string, file = 'part.tsx') => findShownLiterals(file, source).map(({ why, text }) => `${why}: ${text}`);

describe('findShownLiterals fires on', () => {
  it('JSX text', () => {
    expect(found('const a = <p>Your tickets</p>;')).toEqual(['JSX text: Your tickets']);
  });

  it('each attribute people read or hear, as a string or an expression', () => {
    expect(found('const a = <img alt="Our team" src="team.png" />;')).toEqual(['alt="…": Our team']);
    expect(found("const a = <input placeholder={'Search'} />;")).toEqual(['placeholder="…": Search']);
    expect(found('const a = <button aria-label={`Close`} title="Close it" />;')).toEqual(['aria-label="…": Close', 'title="…": Close it']);
  });

  it('a text under a property name that says it is shown (label, detail, title…)', () => {
    expect(found("const field = { name: 'email', label: 'Email' };", 'field.ts')).toEqual(['label: "…": Email']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal.
    expect(found('const problem = { detail: `No ticket ${n}` };', 'problem.ts')).toEqual(['detail: "…": No ticket']);
    expect(found("const tab = { options: { hint: 'Kept for a week' } };", 'tab.ts')).toEqual(['hint: "…": Kept for a week']);
  });

  it("the texts of an AppError and a field's error, not their code or field name", () => {
    expect(found("throw new AppError('NOT_FOUND', 'No such ticket');", 'route.ts')).toEqual(["AppError's text: No such ticket"]);
    expect(found("return fieldError('email', 'Enter an email address');", 'form.ts')).toEqual([
      "fieldError's text: Enter an email address",
    ]);
    expect(found("throw new AppError('NOT_FOUND', message('problems.not-found'));", 'route.ts')).toEqual([]);
  });

  it('any other sentence: two words starting with a capital or ending as a sentence does', () => {
    expect(found("const s = 'Please try again later';", 'a.ts')).toEqual(['a sentence: Please try again later']);
    expect(found("const s = ok ? null : 'the file is too large.';", 'a.ts')).toEqual(['a sentence: the file is too large.']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal.
    expect(found('const s = `Hello ${name}, welcome back!`;', 'a.ts')).toEqual(['a sentence: Hello  , welcome back!']);
    expect(found("const a = <div>{'Saved just now'}</div>;")).toEqual(['a sentence: Saved just now']);
  });

  it('JSX text around an entity, but not an entity alone', () => {
    expect(found('const a = <p>Saved&nbsp;now</p>;')).toEqual(['JSX text: Saved&nbsp;now']);
    expect(found('const a = <p>{count}&nbsp;&times;&#8230;</p>;')).toEqual([]);
  });

  it('with the line of each text', () => {
    expect(findShownLiterals('a.tsx', 'const x = 1;\n\nconst a = <p>Line three</p>;')).toEqual([
      { line: 3, text: 'Line three', why: 'JSX text' },
    ]);
  });
});

describe('findShownLiterals leaves alone', () => {
  it('log lines (log, request.log, logger, console)', () => {
    const source = [
      "log.info('Started the mail worker now.');",
      "request.log.warn('Could not read the cookie.');",
      "this.logger.error('The queue is stuck.');",
      "console.error('Could not open the file.');",
      "requestLog.debug('Answer sent.');",
    ].join('\n');
    expect(found(source, 'worker.ts')).toEqual([]);
  });

  it('internal errors and test names', () => {
    expect(found("throw new Error('The ticket row has no author.');", 'a.ts')).toEqual([]);
    expect(found("throw new TypeError('Expected a Date here.');", 'a.ts')).toEqual([]);
    expect(found("describe('The inbox page', () => it('Shows every ticket.', () => {}));", 'a.ts')).toEqual([]);
  });

  it('SQL', () => {
    expect(found('const rows = sql`SELECT Name FROM users WHERE Deleted IS NULL`;', 'a.ts')).toEqual([]);
  });

  it('class names and CSS, keys and identifiers', () => {
    expect(found('const a = <p className="Big Red Button here.">{x}</p>;')).toEqual([]);
    expect(found("const a = { className: 'Not A Sentence.' };", 'a.ts')).toEqual([]);
    expect(found("const title = t('site.home.title'); const mode = 'open-tickets';", 'a.ts')).toEqual([]);
    expect(found('const a = <a href="/docs/Getting Started.">{t(key)}</a>;')).toEqual([]);
  });

  it("OpenAPI's description and summary (the API's documentation, in English)", () => {
    expect(found("const schema = { summary: 'List the tickets', description: 'Every ticket of the site.' };", 'a.ts')).toEqual([]);
  });

  it('types, interfaces and enums', () => {
    const source = [
      "export type Mode = 'Open the door.' | 'Close it.';",
      "interface Field { label: 'A label type' }",
      "type Tab = { title: 'A title type' };",
      "enum Kind { A = 'Some enum text.' }",
    ].join('\n');
    expect(found(source, 'a.ts')).toEqual([]);
  });

  it('imports and exports', () => {
    expect(found("import { x } from 'Some Module Path.';\nexport { y } from 'Another Module Path.';", 'a.ts')).toEqual([]);
  });

  it('a line marked i18n-exempt, or the line after the mark', () => {
    const source = [
      "const brand = 'Acme Help Desk.'; // i18n-exempt: a brand name",
      '// i18n-exempt: a sample value shown as typed',
      "const sample = 'Jane Doe.';",
      "const shown = 'But this one is shown.';",
    ].join('\n');
    expect(found(source, 'a.ts')).toEqual(['a sentence: But this one is shown.']);
    expect(found('const a = (\n  <p>\n    {/* i18n-exempt: the product name */}\n    Helpdesk Pro\n  </p>\n);')).toEqual([]);
  });
});
