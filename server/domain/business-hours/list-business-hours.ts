import type { DomainContext } from '../context.js';
import { type BusinessHours, readBusinessHours } from './business-hours.js';

/** Every schedule, the default first, then by name. */
export async function listBusinessHours(ctx: DomainContext): Promise<BusinessHours[]> {
  return readBusinessHours(ctx.db);
}
