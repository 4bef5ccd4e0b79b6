import { message } from '../../../common/i18n/translator.js';
import { isUniqueViolation } from '../../db/is-unique-violation.js';
import { invalidField } from '../../errors.js';

export interface TermInput {
  name?: string;
  slug?: string;
  order?: number;
  /** Statuses only: what the client reads; null or empty shows the name. */
  clientLabel?: string | null;
}

/** Runs a term write, answering a duplicate slug as a field error. */
export async function refuseDuplicateSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('slug', message('problems.content.slug_taken'));
    throw error;
  }
}

/** Statuses the automatic transitions move tickets to (spec §3); they can be renamed, not removed. */
export const WORKFLOW_STATUS_SLUGS = ['waiting', 'in-progress'];
