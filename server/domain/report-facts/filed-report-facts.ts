import type { FiledReportFacts } from '../../db/ticket-filing.js';
import { isHeldStatus } from './report-statuses.js';

/** The reports' row of a ticket being filed at `at` (written with its other rows, in the filing's statement). */
export function filedReportFacts(at: Date, channel: string | null, status: string): FiledReportFacts {
  const createdAt = at.toISOString();
  return { createdAt, channel, status, heldSince: isHeldStatus(status) ? createdAt : null };
}
