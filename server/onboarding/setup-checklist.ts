import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { describeMailDestination } from './mail-destination.js';

/** What a new site still lacks, for the checklist on the admin's inbox. */
export interface SetupChecklist {
  mail: { done: boolean; detail: string };
  first_doc: { done: boolean };
  first_agent: { done: boolean };
}

/** Mail set up (an SMTP server), a first doc, a first agent besides the administrators: each true once done. */
export async function getSetupChecklist(ctx: DomainContext, config: Config): Promise<SetupChecklist> {
  const [doc, agent] = await Promise.all([
    ctx.db.selectFrom('posts').select('id').where('type', '=', 'doc').limit(1).executeTakeFirst(),
    ctx.db.selectFrom('users').select('id').where('role', '=', 'agent').limit(1).executeTakeFirst(),
  ]);
  const mail = describeMailDestination(config);
  return { mail: { done: mail.isSmtp, detail: mail.text }, first_doc: { done: Boolean(doc) }, first_agent: { done: Boolean(agent) } };
}
