import { describe, expect, it } from 'vitest';
import { compileOnFirstUse } from './compile-on-first-use.js';

describe('compileOnFirstUse', () => {
  it('compiles once, on the first call, and passes on the errors of the last call', () => {
    let compiles = 0;
    const isShort = compileOnFirstUse(() => {
      compiles += 1;
      const check = (value: string): boolean => {
        check.errors = value.length > 3 ? [{ message: 'too long' }] : null;
        return value.length <= 3;
      };
      check.errors = null as null | { message: string }[];
      return check;
    });
    expect(compiles).toBe(0);
    expect(isShort('abcd')).toBe(false);
    expect(isShort.errors).toEqual([{ message: 'too long' }]);
    expect(isShort('ab')).toBe(true);
    expect(isShort.errors).toBeNull();
    expect(compiles).toBe(1);
  });
});
