import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { CONTRACT_FILE } from './contract-types.js';

/**
 * What to tell the developer when the committed types of the API differ from those the current routes generate
 * (`expected`), or undefined when they are the same.
 */
export function findStaleContract(expected: string, file = CONTRACT_FILE): string | undefined {
  let committed: string | undefined;
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    committed = undefined;
  }
  if (committed === expected) return undefined;
  const name = relative(process.cwd(), file);
  const differs = committed === undefined ? 'is missing' : 'differs from what the routes generate now';
  return `${name} ${differs}: run \`npm run contract\` and commit the file.`;
}
