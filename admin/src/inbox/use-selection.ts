import { useEffect, useState } from 'react';

/**
 * The tickets ticked for a bulk change (on this page); a new page or filter (`scope`) starts afresh. They stay
 * ticked after a change, so the next one acts on the same tickets.
 */
export function useSelection(scope: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => setSelected(new Set()), [scope]);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { selected, setSelected, toggle };
}
