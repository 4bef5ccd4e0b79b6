// The statuses the reports tell apart. The finished ones are the service levels' (a resolution stops there).
//
// "Waiting" here is what a client's message sets: the client reads "Awaiting our reply", so the team owes the
// answer and the client is waiting. The time the client did not wait on the team is therefore the time in the
// statuses the owner named as waiting on the client (the pause statuses of the ticket's service-level policy, as
// the service levels count them) and the time a ticket stood resolved before a reopening.
import { FINISHED_STATUSES } from '../sla/sla-policy.js';

/** Resolved or Closed: the ticket is done until it is reopened. */
export function isFinishedStatus(slug: string | null): boolean {
  return slug !== null && FINISHED_STATUSES.includes(slug);
}

/** A finished status or one of the policy's pause statuses: the client is not waiting on the team. */
export function isHeldStatus(slug: string | null, pauseStatuses: readonly string[] = []): boolean {
  return isFinishedStatus(slug) || (slug !== null && pauseStatuses.includes(slug));
}
