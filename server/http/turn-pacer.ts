/**
 * Lets at most `perTurn` callers go on per turn of the event loop; the others wait, in the order they
 * came, for the following turns. A pacer holds no turn that must be given back: what a caller does once
 * let through is its own affair, so an aborted request cannot leak a place.
 */
export interface TurnPacer {
  /** Undefined when the caller may go on at once, else a promise resolved at its turn. */
  turn(): Promise<void> | undefined;
  /** Callers waiting for a later turn. */
  readonly waiting: number;
}

export function createTurnPacer(perTurn: number): TurnPacer {
  const queue: Array<() => void> = [];
  // Let through since the last turn began. A turn begins in the loop's check phase (setImmediate), so
  // requests parsed in one poll phase share a turn with those let through right after it.
  let through = 0;
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };
  const nextTurn = () => {
    scheduled = false;
    through = 0;
    while (through < perTurn && queue.length) {
      through += 1;
      (queue.shift() as () => void)();
    }
    if (through) schedule();
  };
  return {
    turn() {
      schedule();
      if (through < perTurn && !queue.length) {
        through += 1;
        return undefined;
      }
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    get waiting() {
      return queue.length;
    },
  };
}
