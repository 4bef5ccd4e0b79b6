import { useState } from 'react';
import type { Lookups } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { translator } from '../i18n/i18n.js';
import { applyBulkChange, type BulkChange, describeBulkChange } from './bulk-change.js';
import type { useKeptOrder } from './use-kept-order.js';

/**
 * A bulk change's outcome on the list (rows patched where they are, the tags and the list fetched again, the
 * message said), and a, s and c's change of the ticked tickets or of the one j and k moved to.
 */
export function useBulkActions({
  selected,
  lookups,
  kept,
  reloadTags,
  refreshNow,
}: {
  selected: Set<number>;
  lookups: Lookups;
  kept: ReturnType<typeof useKeptOrder>;
  reloadTags: () => void;
  refreshNow: () => void;
}) {
  const [bulkMessage, setBulkMessage] = useState('');
  const onBulkDone = (ids: number[], change: BulkChange, message: string) => {
    const { fields, label } = describeBulkChange(change, lookups);
    kept.patch(ids, fields, label);
    setBulkMessage(message);
    if ('add_tag' in change || 'remove_tag' in change) reloadTags();
    refreshNow();
  };
  // a, s and c act on the ticked tickets, or on the one j and k moved to.
  const runBulk = async (change: BulkChange, what: string) => {
    const focused = document.activeElement?.closest<HTMLElement>('tr[data-ticket-id]')?.dataset.ticketId;
    const ids = selected.size > 0 ? [...selected] : focused ? [Number(focused)] : [];
    if (ids.length === 0) return setBulkMessage(translator().t('admin.bulk.nothingTicked'));
    try {
      onBulkDone(ids, change, await applyBulkChange(ids, change, what));
    } catch (e) {
      setBulkMessage(problemText(e));
    }
  };
  return { bulkMessage, onBulkDone, runBulk };
}
