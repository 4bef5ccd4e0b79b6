import { describe, expect, it } from 'vitest';
import { createTurnPacer } from './turn-pacer.js';

/** One turn of the event loop: what the pacer lets through next runs before this resolves. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the turn pacer', () => {
  it('lets `perTurn` callers through at once and the others in later turns, in the order they came', async () => {
    const pacer = createTurnPacer(2);
    const through: number[] = [];
    for (let n = 0; n < 5; n++) {
      const wait = pacer.turn();
      if (wait) void wait.then(() => through.push(n));
      else through.push(n);
    }
    expect(through).toEqual([0, 1]);
    expect(pacer.waiting).toBe(3);
    await nextTurn();
    expect(through).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(through).toEqual([0, 1, 2, 3, 4]);
    expect(pacer.waiting).toBe(0);
  });

  it('lets a caller through at once again after a turn with room', async () => {
    const pacer = createTurnPacer(1);
    expect(pacer.turn()).toBeUndefined();
    expect(pacer.turn()).toBeInstanceOf(Promise);
    await nextTurn();
    await nextTurn();
    expect(pacer.turn()).toBeUndefined();
  });
});
