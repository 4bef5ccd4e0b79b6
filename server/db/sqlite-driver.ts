import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// better-sqlite3 for the Node.js at hand (docs/DECISIONS.md, "Two runtimes"). Version 13 is built on Node-API, one
// addon for every Node version that has Node-API 10 (22.14 and later), and is the one to use on Node 24: version 12
// derives from node::ObjectWrap, and compiled against Node 24.19's or a later 24's headers its statements abort the
// process when they are garbage-collected ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook).
// Node 20 has only Node-API 9, where version 13 crashes on open, so there version 12 is loaded, installed beside it
// under the name `better-sqlite3-12` and built for that Node by `npm install`. Once Node 20 is no longer supported,
// this module and that package go. Both versions have the same API; the types are version 13's.
//
// Every SQLite connection is opened through this module, never by importing `better-sqlite3` itself.

/** The Node-API version better-sqlite3 13 is compiled for: a Node without it takes version 12. */
export const NODE_API_OF_BETTER_SQLITE3_13 = 10;

const require = createRequire(import.meta.url);

function loadDriver(): typeof BetterSqlite3 {
  if (Number(process.versions.napi) >= NODE_API_OF_BETTER_SQLITE3_13) return require('better-sqlite3');
  try {
    return require('better-sqlite3-12');
  } catch (error) {
    throw new Error(
      `Node ${process.version} has Node-API ${process.versions.napi}, too old for better-sqlite3 13, and ` +
        `better-sqlite3 12 (package better-sqlite3-12) does not load: run \`npm install\` with this Node. ` +
        `(${(error as Error).message})`,
    );
  }
}

/** The better-sqlite3 `Database` class for this runtime. */
const SQLite = loadDriver();
export default SQLite;
