import { describe, expect, it } from 'vitest';
import { checkFiles, readRules } from './check-files.js';

const RULES = { allowed: true, max_file_bytes: 1000, max_files: 2, kinds: 'images, PDF', min_fill_ms: 1000 };
const file = (name: string, size: number) => ({ name, size });

describe('checkFiles: what the widget can name before sending', () => {
  it('passes files within the rules', () => {
    expect(checkFiles([file('a.png', 10), file('b.pdf', 1000)], RULES)).toEqual([undefined, undefined]);
  });

  it('names an empty file, a file over the size per file and each file past the count, in plain words', () => {
    const problems = checkFiles([file('empty.txt', 0), file('big.png', 1001), file('third.png', 5), file('fourth.png', 5)], RULES);
    expect(problems[0]).toBe('“empty.txt” is empty (0 bytes). Remove it and choose the file again.');
    expect(problems[1]).toBe('“big.png” is larger than 1000 bytes, the most one file may be. Remove it or choose a smaller file.');
    expect(problems[2]).toBe('“third.png” is one file too many: a message may carry at most 2. Remove it and send it in a reply.');
    expect(problems[3]).toContain('“fourth.png” is one file too many');
  });

  it('a removed file frees its place: the rules follow the list as it is', () => {
    expect(checkFiles([file('a.png', 5), file('c.png', 5)], RULES)).toEqual([undefined, undefined]);
  });
});

describe('readRules', () => {
  it('takes the form description’s attachments when files are allowed', () => {
    expect(readRules(RULES)).toEqual(RULES);
  });

  it('takes no minimum fill time from an older help desk that sends none', () => {
    expect(readRules({ ...RULES, min_fill_ms: undefined })?.min_fill_ms).toBe(0);
  });

  it('gives no rules (no file area) when files are not allowed, absent or not understood', () => {
    for (const value of [
      undefined,
      null,
      { ...RULES, allowed: false },
      { ...RULES, max_files: 0 },
      { ...RULES, max_file_bytes: '10' },
      { ...RULES, kinds: 1 },
    ]) {
      expect(readRules(value)).toBeUndefined();
    }
  });
});
