import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';

/**
 * Where a screenshot people look at goes: `SHOTS_DIR` when set (to gather a run's pictures in one folder and look
 * at them), else the case's own output folder beside its trace.
 */
export function shotPath(testInfo: TestInfo, name: string): string {
  return process.env.SHOTS_DIR ? join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
}
