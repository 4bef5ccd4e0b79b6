import type { DomainContext } from '../domain/context.js';
import { canRegisterUsers } from '../domain/people/find-or-create-client.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getSiteOptions } from '../settings/site-options.js';

/**
 * Whether the widget takes a ticket from a new visitor, and what decides it. Three things do: Tickets →
 * "Create accounts for new clients" (what the setup's "Who may file tickets?" stores), General → "Anyone
 * can register", and the `helpdesk_can_register_users` filter over both (spec §5.5). The setup and the
 * inbox show what is in force, not only the one setting the setup writes.
 */
export interface NewVisitorAccess {
  /** The widget and the public API accept tickets at all (Tickets → "Accept tickets from the widget"). */
  widgetOn: boolean;
  /** An account may be made for an unknown address: canRegisterUsers, the answer filing gets. */
  newVisitors: boolean;
  /** Tickets → "Create accounts for new clients". */
  createAccounts: boolean;
  /** General → "Anyone can register". */
  anyoneCanRegister: boolean;
  /** A plugin's `helpdesk_can_register_users` answers otherwise than the two settings would. */
  decidedByPlugin: boolean;
}

export async function readNewVisitorAccess(ctx: DomainContext): Promise<NewVisitorAccess> {
  const [settings, site, newVisitors] = await Promise.all([getCoreSettings(ctx), getSiteOptions(ctx.db), canRegisterUsers(ctx)]);
  const createAccounts = settings.tickets.create_accounts;
  const anyoneCanRegister = site.users_can_register;
  return {
    widgetOn: settings.tickets.intake_enabled,
    newVisitors,
    createAccounts,
    anyoneCanRegister,
    decidedByPlugin: newVisitors !== (createAccounts || anyoneCanRegister),
  };
}
