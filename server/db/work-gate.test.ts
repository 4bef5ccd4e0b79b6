import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { runInSignedInLane, SIGNED_IN_HOLD_MS, useSignedInLane } from './signed-in-lane.js';
import { CONNECTIONS_KEPT_FOR_READS, createWorkGate, FILINGS_WHILE_SIGNED_IN, hotWriteGate } from './work-gate.js';

/** Lets every pending promise callback run (the gate hands turns over through promises). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the work gate', () => {
  it('runs at most `limit` units at once and the rest in the order they came', async () => {
    const gate = createWorkGate(() => 2);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const units = [0, 1, 2, 3].map((n) =>
      gate.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    releases[1]?.();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    releases[0]?.();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    releases[2]?.();
    releases[3]?.();
    expect(await Promise.all(units)).toEqual([0, 1, 2, 3]);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the turn of a unit that fails', async () => {
    const gate = createWorkGate(() => 1);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.active).toBe(0);
  });

  it('listens for a rising limit only while units wait', async () => {
    let limit = 1;
    const listening: Array<() => void> = [];
    const gate = createWorkGate(
      () => limit,
      (wake) => {
        listening.push(wake);
        return () => listening.splice(listening.indexOf(wake), 1);
      },
    );
    const hold: Array<() => void> = [];
    const units = [0, 1, 2].map(() => gate.run(() => new Promise<void>((resolve) => hold.push(resolve))));
    await settle();
    expect([gate.active, gate.waiting, listening.length]).toEqual([1, 2, 1]);
    limit = 3;
    listening[0]?.();
    await settle();
    // Both waiting units started: nothing waits, so nothing listens.
    expect([gate.active, gate.waiting, listening.length]).toEqual([3, 0, 0]);
    for (const release of hold) release();
    await Promise.all(units);
    expect(gate.active).toBe(0);
  });

  it('keeps four pooled connections out of the filings’ reach on PostgreSQL, and gates nothing on SQLite', async () => {
    const pg = hotWriteGate('postgres', 16);
    const hold: Array<() => void> = [];
    for (let i = 0; i < 13; i++) void pg.run(() => new Promise<void>((resolve) => hold.push(resolve)));
    await settle();
    expect([pg.active, pg.waiting]).toEqual([12, 1]);
    for (const release of hold) release();
    const sqlite = hotWriteGate('sqlite', 1);
    for (let i = 0; i < 100; i++) void sqlite.run(() => new Promise<void>(() => {}));
    expect(sqlite.waiting).toBe(0);
  });

  it('lets filings take FILINGS_WHILE_SIGNED_IN connections while signed-in work goes on, all a moment after it ends', async () => {
    vi.useFakeTimers();
    try {
      useSignedInLane();
      const pg = hotWriteGate('postgres', 16);
      const full = 16 - CONNECTIONS_KEPT_FOR_READS;
      const agentsAnswer = new EventEmitter();
      runInSignedInLane(agentsAnswer, () => {});
      const hold: Array<() => void> = [];
      for (let i = 0; i < full + 1; i++) void pg.run(() => new Promise<void>((resolve) => hold.push(resolve)));
      await vi.advanceTimersByTimeAsync(0);
      expect([pg.active, pg.waiting]).toEqual([FILINGS_WHILE_SIGNED_IN, full + 1 - FILINGS_WHILE_SIGNED_IN]);
      // Answered: the agent's next request is likely a moment away, and must not find every turn taken.
      agentsAnswer.emit('close');
      await vi.advanceTimersByTimeAsync(SIGNED_IN_HOLD_MS - 1);
      expect([pg.active, pg.waiting]).toEqual([FILINGS_WHILE_SIGNED_IN, full + 1 - FILINGS_WHILE_SIGNED_IN]);
      // Another request within the hold starts it again.
      const nextAnswer = new EventEmitter();
      runInSignedInLane(nextAnswer, () => {});
      nextAnswer.emit('close');
      await vi.advanceTimersByTimeAsync(SIGNED_IN_HOLD_MS - 1);
      expect(pg.active).toBe(FILINGS_WHILE_SIGNED_IN);
      // Quiet for the whole hold: every turn is given out at once.
      await vi.advanceTimersByTimeAsync(1);
      expect([pg.active, pg.waiting]).toEqual([full, 1]);
      for (const release of hold.splice(0)) release();
      await vi.advanceTimersByTimeAsync(0);
      for (const release of hold.splice(0)) release();
      await vi.advanceTimersByTimeAsync(0);
      expect([pg.active, pg.waiting]).toEqual([0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
