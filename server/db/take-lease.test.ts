import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { releaseLease, takeLease } from './take-lease.js';

describeEachDatabase('named leases', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('one holder at a time: renewed by its holder, taken over once expired, given up on release', async () => {
    const db = hd.ctx.db;
    expect(await takeLease(db, 'job', 'a', 60_000)).toBe(true);
    expect(await takeLease(db, 'job', 'b', 60_000)).toBe(false);
    expect(await takeLease(db, 'job', 'a', 60_000)).toBe(true);
    // Ten asking at once for a free lease: exactly one gets it.
    const race = await Promise.all(Array.from({ length: 10 }, (_, i) => takeLease(db, 'race', `r${i}`, 60_000)));
    expect(race.filter(Boolean)).toHaveLength(1);
    // An expired lease (its holder died) goes to the next who asks.
    expect(await takeLease(db, 'short', 'a', -1)).toBe(true);
    expect(await takeLease(db, 'short', 'b', 60_000)).toBe(true);
    await releaseLease(db, 'job', 'b');
    expect(await takeLease(db, 'job', 'b', 60_000)).toBe(false);
    await releaseLease(db, 'job', 'a');
    expect(await takeLease(db, 'job', 'b', 60_000)).toBe(true);
  });
});
