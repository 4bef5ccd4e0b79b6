import { rssMiB } from './server-process.js';

/** Resident memory of the server process in each state the bench put it in (MiB), filled in by the parts. */
export const memory: Array<{ state: string; mib: number }> = [];

/** Samples the RSS of `pid` every 100 ms while `work` runs; returns the work's result and the peak. */
export async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMiB(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 100);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(sampler);
  }
}

/** RSS once the process has settled (two seconds after start, as a reader of `ps` would see it). */
export async function settledRss(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return rssMiB(pid);
}
