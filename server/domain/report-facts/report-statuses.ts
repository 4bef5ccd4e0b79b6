// The statuses the reports tell apart. The finished ones are the service levels' (a resolution stops there).
import { FINISHED_STATUSES } from '../sla/sla-policy.js';

/** The status in which the team waits for the client. */
export const WAITING_SLUG = 'waiting';

/** Resolved or Closed: the ticket is done until it is reopened. */
export function isFinishedStatus(slug: string | null): boolean {
  return slug !== null && FINISHED_STATUSES.includes(slug);
}

/** Waiting or finished: the client is not waiting on the team (not counted in "time the client waited"). */
export function isHeldStatus(slug: string | null): boolean {
  return slug === WAITING_SLUG || isFinishedStatus(slug);
}
