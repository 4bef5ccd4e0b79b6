// The packages the server bundle (scripts/build.mjs) leaves to node_modules instead of bundling them.

/** @type {string[]} */
export const SERVER_EXTERNALS = [
  // Native addons: their compiled .node files are found from their own package folder. better-sqlite3-12 is version 12
  // under another name, for Node 20 (server/db/sqlite-driver.ts).
  'better-sqlite3',
  'better-sqlite3-12',
  'sharp',
  // Loaded on first use and large: kept out of the bundle so a service that never needs them never reads them
  // (an s3:// file store, PostgreSQL, Redis counters, sending or receiving mail, uploads' type sniffing).
  '@aws-sdk/*',
  'pg',
  'redis',
  'nodemailer',
  'imapflow',
  'mailparser',
  'html-to-text',
  'file-type',
  // Loads helpdesk.config.ts at run time, with its own loader hooks.
  'jiti',
  // react-dom/server is required on first page render (server/site/shared/render-page.ts); React itself is
  // bundled, and both read NODE_ENV the same way.
  'react-dom',
  'react-dom/*',
];
