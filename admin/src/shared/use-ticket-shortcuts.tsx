import { type ReactNode, useState } from 'react';
import type { Lookups } from '../api/api.js';
import { useShortcuts } from './keyboard-shortcuts.js';
import { StatusMenu } from './status-menu.js';

/**
 * a assigns to me, s opens the status menu, c closes: on the open ticket, or on the inbox's selected tickets
 * (each screen says how). Like every shortcut, none fires while typing in a field. Returns the menu to render.
 */
export function useTicketShortcuts(
  statuses: Lookups['statuses'],
  act: { assignToMe: () => void; setStatus: (slug: string) => void },
): ReactNode {
  const [isChoosing, setChoosing] = useState(false);
  useShortcuts({
    a: act.assignToMe,
    s: () => setChoosing(true),
    c: () => {
      if (statuses.some((s) => s.slug === CLOSED)) act.setStatus(CLOSED);
    },
  });
  if (!isChoosing) return null;
  return (
    <StatusMenu
      statuses={statuses}
      onClose={() => setChoosing(false)}
      onChoose={(slug) => {
        setChoosing(false);
        act.setStatus(slug);
      }}
    />
  );
}

// The status every install has (a status in use cannot be deleted; c does nothing where it is gone).
const CLOSED = 'closed';
