import { expect } from '@playwright/test';
import type { AdminHelpdesk } from './admin-helpdesk.js';

/**
 * Waits until the service's recompute jobs (sla_recompute, queued by a policy or schedule edit) have ended: they
 * rewrite the due and warning times of running tickets, so a test that sets those times itself sets them after.
 */
export async function serviceLevelRecomputesDone(hd: AdminHelpdesk): Promise<void> {
  const pending = async () =>
    (await hd.db.selectFrom('jobs').select('id').where('kind', '=', 'sla_recompute').where('state', 'in', ['queued', 'running']).execute())
      .length;
  await expect.poll(pending, { timeout: 30_000 }).toBe(0);
}
