import { message } from '../../common/i18n/translator.js';
import { type Actor, isStaff } from '../domain/context.js';
import { AppError } from '../errors.js';

/**
 * Who may read and change contacts (client profiles, their notes, addresses, merges) and organisations: staff
 * only. A client never reads a profile, their own included: it holds the staff's notes.
 */
export function mayManageContacts(actor: Actor | null): actor is Actor {
  return isStaff(actor);
}

/** Refuses anyone but staff: 401 when signed out, 403 for a client. */
export function requireContactsAccess(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED', message('problems.policy.sign_in'));
  if (!mayManageContacts(actor)) throw new AppError('FORBIDDEN', message('problems.auth.staff_only'));
  return actor;
}
