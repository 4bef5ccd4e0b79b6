/**
 * The service's performance mechanisms, each of which HELPDESK_PERFORMANCE_OFF can switch off for diagnosis
 * (docs/PERFORMANCE.md): off, the plain path runs instead, with the same answers.
 */
export const PERFORMANCE_MECHANISMS = [
  'group-commit',
  'deferred-sync',
  'work-gate',
  'signed-in-lane',
  'turn-pacer',
  'caches',
  'fast-paths',
  'prepared-statements',
  'thumbnail-sharing',
  'mail-decode-thread',
  'compression',
  'suggest-one-statement',
] as const;

export type PerformanceMechanism = (typeof PERFORMANCE_MECHANISMS)[number];

/** The mechanisms switched off; empty unless HELPDESK_PERFORMANCE_OFF names some. */
export type PerformanceOff = ReadonlySet<PerformanceMechanism>;

export const NOTHING_OFF: PerformanceOff = new Set();

/**
 * HELPDESK_PERFORMANCE_OFF: a comma-separated list of mechanisms, or `all`. An unknown name is a problem
 * naming it; the V8 settings are given at launch, so they are switched off by launching without them.
 */
export function parsePerformanceOff(value: string | undefined, problems: string[]): PerformanceOff {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('all')) return new Set(PERFORMANCE_MECHANISMS);
  const off = new Set<PerformanceMechanism>();
  for (const name of names) {
    if ((PERFORMANCE_MECHANISMS as readonly string[]).includes(name)) off.add(name as PerformanceMechanism);
    else if (name === 'v8-flags')
      problems.push(
        'HELPDESK_PERFORMANCE_OFF cannot switch off v8-flags: they are given to node at launch; ' +
          'run `node dist/server/index.js serve` to start without them.',
      );
    else
      problems.push(
        `HELPDESK_PERFORMANCE_OFF names an unknown mechanism "${name}"; use all or any of ${PERFORMANCE_MECHANISMS.join(', ')}.`,
      );
  }
  return off;
}

/**
 * The switch as the test harness reads it, so that `HELPDESK_PERFORMANCE_OFF=all npx vitest run server` runs the
 * suites on the plain paths. A bad value fails the suite at once.
 */
export function performanceOffFromEnvironment(env: NodeJS.ProcessEnv = process.env): PerformanceOff {
  const problems: string[] = [];
  const off = parsePerformanceOff(env.HELPDESK_PERFORMANCE_OFF, problems);
  if (problems.length) throw new Error(problems.join('\n'));
  return off;
}
