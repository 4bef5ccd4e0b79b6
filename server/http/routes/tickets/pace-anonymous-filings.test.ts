import { beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';
import { ANONYMOUS_FILINGS_PER_TURN } from './pace-anonymous-filings.js';

// On SQLite anonymous filings enter the route a few per turn of the event loop (pace-anonymous-filings.ts);
// signed-in callers are not paced.
describeEachDatabase('anonymous filings are paced on SQLite', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Record<string, string>;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    agent = await hd.authAs('agent');
  });

  const file = (headers: Record<string, string> = {}) =>
    hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload(), headers }).then((res) => {
      expect(res.statusCode).toBe(201);
      return (res.json() as { number: number }).number;
    });

  it.skipIf(dialect === 'postgres')('a staff filing sent after a burst of anonymous ones is filed before the burst’s last', async () => {
    const burst = Array.from({ length: ANONYMOUS_FILINGS_PER_TURN * 3 }, () => file());
    const staff = file(agent);
    const anonymous = await Promise.all(burst);
    // Unpaced, the staff filing (sent last, and its token looked up first) would be numbered after all of them.
    expect(await staff).toBeLessThan(Math.max(...anonymous));
    // Paced, not refused: the burst is filed whole, in the order it came.
    expect(anonymous).toEqual([...anonymous].sort((a, b) => a - b));
  });

  it('every filing of a burst larger than a turn is answered', async () => {
    const numbers = await Promise.all(Array.from({ length: ANONYMOUS_FILINGS_PER_TURN * 5 }, () => file()));
    expect(new Set(numbers).size).toBe(ANONYMOUS_FILINGS_PER_TURN * 5);
  });
});
