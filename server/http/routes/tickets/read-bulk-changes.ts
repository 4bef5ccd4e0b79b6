import type { Static } from '@sinclair/typebox';
import { message } from '../../../../common/i18n/translator.js';
import type { BulkChange } from '../../../domain/tickets/bulk-update-tickets.js';
import { invalidField } from '../../../errors.js';
import type { BulkBody } from './tickets.schema.js';

/**
 * The domain's change set from a bulk request: `changes`, or the older shape's one field beside `ids` (never
 * both); `assignee: "me"` is the signed-in agent.
 */
export function readBulkChanges(body: Static<typeof BulkBody>, actorId: number): BulkChange {
  const { changes, status, assignee, add_tag: addTag, remove_tag: removeTag } = body;
  const flat = [status, assignee, addTag, removeTag].filter((value) => value !== undefined).length;
  if (changes && flat > 0) throw invalidField('changes', message('problems.bulk.changes_twice'));
  // The older shape keeps its rule, one change a request; `changes` takes them together.
  if (!changes && flat !== 1) throw invalidField('change', message('problems.bulk.one_change'));
  const given = changes ?? {
    status,
    assignee,
    add_tags: addTag === undefined ? undefined : [addTag],
    remove_tags: removeTag === undefined ? undefined : [removeTag],
  };
  return {
    status: given.status,
    assignee: given.assignee === 'me' ? actorId : given.assignee,
    product: changes?.product,
    reason: changes?.reason,
    urgency: changes?.urgency,
    addTags: given.add_tags,
    removeTags: given.remove_tags,
  };
}
