/** The widest a line of code may be: biome's `lineWidth`, which biome itself cannot keep for strings and comments. */
export const MAX_LINE_WIDTH = 140;

/** The lines of `text` wider than `max` characters (code points, as an editor counts them), numbered from 1. */
export function findLongLines(text: string, max = MAX_LINE_WIDTH): Array<{ line: number; width: number }> {
  const long: Array<{ line: number; width: number }> = [];
  text.split('\n').forEach((line, index) => {
    const width = [...line.replace(/\r$/, '')].length;
    if (width > max) long.push({ line: index + 1, width });
  });
  return long;
}
