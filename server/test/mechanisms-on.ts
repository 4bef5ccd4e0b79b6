import { type PerformanceMechanism, performanceOffFromEnvironment } from '../config/performance-off.js';

/**
 * Whether every named performance mechanism is on in this run (HELPDESK_PERFORMANCE_OFF, docs/PERFORMANCE.md). A test
 * that pins a mechanism's own behaviour (a batch's commit, a statement count a cache makes possible) runs only then,
 * and says why when it is skipped: `describe.runIf(mechanismsOn('group-commit'))(…)`.
 */
export function mechanismsOn(...names: PerformanceMechanism[]): boolean {
  const off = performanceOffFromEnvironment();
  const switchedOff = names.filter((name) => off.has(name));
  if (switchedOff.length) {
    const where = new Error().stack?.split('\n')[2]?.trim();
    console.log(`Skipped: it pins ${switchedOff.join(', ')}, switched off by HELPDESK_PERFORMANCE_OFF (${where}).`);
  }
  return switchedOff.length === 0;
}
