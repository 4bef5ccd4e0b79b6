import { beforeAll, expect, it } from 'vitest';
import { onSignedInQuiet, signedInInFlight, signedInWorkGoingOn } from '../../../db/signed-in-lane.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { mechanismsOn } from '../../../test/mechanisms-on.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';
import { ANONYMOUS_FILINGS_PER_TURN } from './pace-anonymous-filings.js';

// Under a flood of filings, the agents' reads must not wait behind them. On PostgreSQL filings take turns at
// ctx.hotWrites (the pool less four connections), reads do not; on SQLite anonymous filings enter the route a
// few per turn of the event loop (pace-anonymous-filings.ts), signed-in callers are not paced.
describeEachDatabase('filings wait at the hot writers’ gate, agents’ reads do not', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Record<string, string>;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    agent = await hd.authAs('agent');
  });

  it.skipIf(dialect === 'sqlite' || !mechanismsOn('work-gate'))(
    'a filing waits while every turn is taken; the inbox and the views answer meanwhile',
    async () => {
      const gate = hd.ctx.hotWrites;
      // The gate lets every turn run only once signed-in work is over (work-gate.ts); taken while it goes on,
      // the turns would be one, and the limit rising a moment later would let the filing through.
      await signedInQuiet();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Every turn taken, as by filings in flight.
      const holders: Array<Promise<void>> = [];
      while (gate.waiting === 0 && holders.length < 100) {
        holders.push(gate.run(() => held));
        await new Promise((resolve) => setImmediate(resolve));
      }
      try {
        let filed = false;
        const filing = hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() }).then((res) => {
          filed = true;
          return res;
        });
        // Until the filing is queued at the gate (or, without the gate, answered).
        while (!filed && gate.waiting < 2) await new Promise((resolve) => setImmediate(resolve));
        expect(filed).toBe(false);
        for (const url of ['/api/helpdesk/v1/tickets/', '/api/helpdesk/v1/tickets/views'])
          expect((await hd.app.inject({ method: 'GET', url, headers: agent })).statusCode).toBe(200);
        expect(filed).toBe(false);
        release();
        await Promise.all(holders);
        expect((await filing).statusCode).toBe(201);
      } finally {
        // A failure above must not leave the turns taken for the tests after it.
        release();
        await Promise.all(holders);
      }
      // The agents' requests are over: they no longer hold filings back.
      expect(signedInInFlight()).toBe(0);
    },
  );

  it.runIf(dialect === 'sqlite' || mechanismsOn('work-gate'))('a filing goes through the gate and leaves it free', async () => {
    const res = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    expect(res.statusCode).toBe(201);
    expect([hd.ctx.hotWrites.active, hd.ctx.hotWrites.waiting]).toEqual([0, 0]);
  });

  const file = (headers: Record<string, string> = {}) =>
    hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload(), headers }).then((res) => {
      expect(res.statusCode).toBe(201);
      return (res.json() as { number: number }).number;
    });

  it.skipIf(dialect === 'postgres' || !mechanismsOn('turn-pacer'))(
    'a staff filing sent after a burst of anonymous ones is filed before the burst’s last',
    async () => {
      const burst = Array.from({ length: ANONYMOUS_FILINGS_PER_TURN * 3 }, () => file());
      const staff = file(agent);
      const anonymous = await Promise.all(burst);
      // Unpaced, the staff filing (sent last, and its token looked up first) would be numbered after all of them.
      expect(await staff).toBeLessThan(Math.max(...anonymous));
      // Paced, not refused: the burst is filed whole, in the order it came.
      expect(anonymous).toEqual([...anonymous].sort((a, b) => a - b));
    },
  );

  it('every filing of a burst larger than a turn is answered', async () => {
    const numbers = await Promise.all(Array.from({ length: ANONYMOUS_FILINGS_PER_TURN * 5 }, () => file()));
    expect(new Set(numbers).size).toBe(ANONYMOUS_FILINGS_PER_TURN * 5);
  });
});

/** Resolves once no signed-in work goes on (no request with a credential for SIGNED_IN_HOLD_MS). */
async function signedInQuiet(): Promise<void> {
  while (signedInWorkGoingOn()) {
    await new Promise<void>((resolve) => {
      const stop = onSignedInQuiet(() => {
        stop();
        resolve();
      });
    });
  }
}
