import { describe, expect, it } from 'vitest';
import { escapeWideCharacters } from './escape-wide-characters.mjs';

// Evaluates a JavaScript expression written as source text.
const evaluate = (source: string): unknown => new Function(`return (${source});`)();

describe('escapeWideCharacters', () => {
  it('leaves no character above U+00FF and keeps Latin-1 as it is', () => {
    const out = escapeWideCharacters('const a = "café → ok"; // naïve — comment');
    expect([...out].every((char) => char.charCodeAt(0) <= 0xff)).toBe(true);
    expect(out).toContain('café');
    expect(out).toContain('naïve');
  });

  it('keeps the meaning of strings, regular expressions (with and without the u flag) and identity escapes', () => {
    const cases = [
      '"写道 → …"',
      '"\\—dash"',
      '/^(в|在[\\s\\S]+写道：)$/m.test("在 2026 写道：")',
      '/^\\s*(ср\\,\\s.+\\n? г\\. в)$/m.test("ср, 1\\n\u202fг. в")',
      '/[😀-😎]/u.test("😃")',
      '/😀/.test("a😀b")',
      '"emoji 😀".length',
      '/\\—/.test("—")',
      '/^\\w{0,20}\\s?Regards,?!?！?$/imu.test("Kind Regards！")',
    ];
    for (const source of cases) expect(evaluate(escapeWideCharacters(source))).toEqual(evaluate(source));
  });

  it('keeps an escaped backslash before a wide character', () => {
    const source = '"\\\\—"';
    expect(evaluate(escapeWideCharacters(source))).toBe('\\—');
  });
});
