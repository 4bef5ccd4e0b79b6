// Whether dist/ was built from the sources as they are now, so `npm start` rebuilds only when it has to.
// The stamp is a SHA-256 over every build input's path and bytes (not mtimes: a checkout or a copy changes
// those without changing what is built), written by scripts/build.mjs after a build that succeeded.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** What the build reads: the sources of the server, the widget and the admin app, the build's own code, the dependencies. */
export const BUILD_INPUTS = [
  'server',
  'common',
  'widget',
  'admin',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
];

/** What `npm start` needs in dist/: a stamp alone does not prove these are still there. */
export const BUILD_OUTPUTS = ['dist/server/index.js', 'dist/widget/widget.js', 'dist/widget/widget-files.js', 'dist/admin/index.html'];

export const STAMP_FILE = 'dist/.build-stamp';

// Tests are never bundled: editing one needs no rebuild.
const IGNORED = (name) => name === 'node_modules' || name === 'dist' || name.startsWith('.') || /\.test\.tsx?$/.test(name);

function listFiles(root, path, out) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (IGNORED(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) listFiles(root, child, out);
    else if (entry.isFile()) out.push(child);
  }
}

/** The stamp of the inputs under `root` as they are now. */
export function sourceStamp(root, inputs = BUILD_INPUTS) {
  const files = [];
  for (const input of inputs) listFiles(root, input, files);
  const hash = createHash('sha256');
  for (const file of files.map((f) => relative(root, join(root, f)).split(sep).join('/')).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when every output exists and the stamp written by the last build matches the sources now. */
export function isBuildCurrent(root, { inputs = BUILD_INPUTS, outputs = BUILD_OUTPUTS, stampFile = STAMP_FILE } = {}) {
  if (!outputs.every((output) => existsSync(join(root, output)))) return false;
  let written;
  try {
    written = readFileSync(join(root, stampFile), 'utf8').trim();
  } catch {
    return false;
  }
  return written === sourceStamp(root, inputs);
}

/** Forgets the last build's stamp (before building: a build that fails must not leave dist/ marked current). */
export function clearStamp(root, stampFile = STAMP_FILE) {
  rmSync(join(root, stampFile), { force: true });
}

/** Records that dist/ now matches `stamp` (taken before the build read the sources). */
export function writeStamp(root, stamp, stampFile = STAMP_FILE) {
  writeFileSync(join(root, stampFile), `${stamp}\n`);
}
