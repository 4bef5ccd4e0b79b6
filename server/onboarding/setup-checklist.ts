import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { describeMailDestination } from './mail-destination.js';
import { readNewVisitorAccess } from './read-new-visitor-access.js';

/** What a new site still lacks, for the checklist on the admin's inbox. */
export interface SetupChecklist {
  mail: { done: boolean; detail: string };
  first_doc: { done: boolean };
  first_agent: { done: boolean };
  /** Not a step to tick off but a state to warn of, on every visit: who the widget turns away now. */
  widget: { accepts_tickets: boolean; accepts_new_visitors: boolean };
}

/** Mail set up (an SMTP server), a first doc, a first agent besides the administrators: each true once done; and the widget's gate. */
export async function getSetupChecklist(ctx: DomainContext, config: Config): Promise<SetupChecklist> {
  const [doc, agent, access] = await Promise.all([
    ctx.db.selectFrom('posts').select('id').where('type', '=', 'doc').limit(1).executeTakeFirst(),
    ctx.db.selectFrom('users').select('id').where('role', '=', 'agent').limit(1).executeTakeFirst(),
    readNewVisitorAccess(ctx),
  ]);
  const mail = await describeMailDestination(ctx, config);
  return {
    mail: { done: mail.isSmtp, detail: mail.text },
    first_doc: { done: Boolean(doc) },
    first_agent: { done: Boolean(agent) },
    widget: { accepts_tickets: access.widgetOn, accepts_new_visitors: access.newVisitors },
  };
}
