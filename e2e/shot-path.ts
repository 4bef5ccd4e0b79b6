import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/**
 * Where a screenshot people look at goes: `SHOTS_DIR` when set (to gather a run's pictures in one folder and look
 * at them), else the case's own output folder beside its trace.
 */
export function shotPath(testInfo: TestInfo, name: string): string {
  return process.env.SHOTS_DIR ? join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
}

/** A full-page screenshot of `page` at shotPath (the SHOTS_DIR folder made when it is missing). */
export async function takeShot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: shotPath(testInfo, name), fullPage: true });
}
