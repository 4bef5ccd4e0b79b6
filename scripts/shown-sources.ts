/**
 * The code whose texts people read, so `lint:messages` looks for literals in it: the widget, the admin app, the
 * help site and its mails, every problem a route or operation raises, and the CLI's output. Tests, schema files
 * (their `description`s are the API's documentation, in English like the API), migrations and the benches are not.
 */
export function isShownSource(file: string): boolean {
  if (!/\.(ts|tsx)$/.test(file) || /\.(test|e2e)\.tsx?$/.test(file) || file.endsWith('.d.ts')) return false;
  if (file.endsWith('.schema.ts') || file.includes('/migrations/') || file.includes('/test/')) return false;
  if (file.startsWith('common/i18n/') || file.startsWith('common/contract/')) return false;
  // What operators and developers read: start-up configuration errors, database and queue internals, the hook
  // registry's misuse errors. Operators read the logs in English, as every tool in their stack writes them.
  if (OPERATOR_PARTS.some((part) => file.startsWith(part))) return false;
  return ['widget/src/', 'admin/src/', 'server/', 'common/'].some((part) => file.startsWith(part));
}

const OPERATOR_PARTS = [
  'server/config/',
  'server/db/',
  'server/jobs/',
  'server/secrets/',
  'server/hooks/',
  'server/multi-instance/',
  // backup and restore: run by the operator, beside pg_dump's and tar's own English messages.
  'server/operations/',
  // Prometheus' HELP lines, read by a scraper's operator in English like every exporter's.
  'server/http/request-metrics.ts',
  'server/http/routes/system/metrics.routes.ts',
  'server/index.ts',
  'server/start-service.ts',
];
