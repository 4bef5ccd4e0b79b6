import type { Updateable } from 'kysely';
import { languageOf } from '../../../common/i18n/languages.js';
import type { UsersTable } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { now } from '../context.js';
import { isSingleLineText, SINGLE_LINE_RULE } from '../text-rules.js';
import { checkAttributes } from './check-attributes.js';
import { findClient } from './find-client.js';
import { noOrganisation } from './save-organisation.js';

export interface ClientChanges {
  name?: string;
  language?: string | null;
  notes?: string;
  attributes?: Record<string, string>;
  organisation_id?: number | null;
}

/** Staff change a client's name, language, notes, custom attributes or organisation. */
export async function updateClient(ctx: DomainContext, id: number, changes: ClientChanges): Promise<void> {
  await findClient(ctx.db, id);
  const set: Updateable<UsersTable> = {};
  if (changes.name !== undefined) {
    if (!isSingleLineText(changes.name) || changes.name.trim() === '') throw invalidField('name', SINGLE_LINE_RULE);
    set.name = changes.name.trim();
  }
  if (changes.language !== undefined) set.language = languageOf(changes.language);
  if (changes.notes !== undefined) set.notes = changes.notes;
  if (changes.attributes !== undefined) set.attributes = JSON.stringify(checkAttributes(changes.attributes));
  if (changes.organisation_id !== undefined) {
    const orgId = changes.organisation_id;
    if (orgId !== null) {
      const org = await ctx.db.selectFrom('organisations').select('id').where('id', '=', orgId).executeTakeFirst();
      if (!org) throw invalidField('organisation_id', noOrganisation(orgId).detail);
    }
    set.organisation_id = orgId;
  }
  await ctx.db
    .updateTable('users')
    .set({ ...set, updated_at: now() })
    .where('id', '=', id)
    .execute();
}
