import { expect, it } from 'vitest';
import { createDb } from '../db/create-db.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { GUESSES_PER_ADDRESS } from './guess-limits.js';
import { ACCOUNT_CEILING, FREE_PASSWORD_TRIES, LONGEST_WAIT_MS, takePasswordGuess } from './password-guesses.js';

describeEachDatabase('password guesses: per account and address with backoff', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  const t0 = new Date('2030-01-01T00:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const take = (email: string, ip: string, ms = 0) => takePasswordGuess(hd.ctx.db, email, ip, at(ms));

  it('gives a few free tries, then waits that double (1 s, 2 s, 4 s…) up to 15 minutes', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1) expect((await take('backoff@client.test', ip)).allowed).toBe(true);
    expect(await take('backoff@client.test', ip)).toEqual({ allowed: false, retryAfterS: 1 });
    expect((await take('backoff@client.test', ip, 1000)).allowed).toBe(true);
    expect(await take('backoff@client.test', ip, 1000)).toEqual({ allowed: false, retryAfterS: 2 });
    expect((await take('backoff@client.test', ip, 3000)).allowed).toBe(true);
    expect(await take('backoff@client.test', ip, 3000)).toEqual({ allowed: false, retryAfterS: 4 });
    // Deep in the backoff the wait stops growing at 15 minutes.
    const time = at(3000).toISOString();
    await hd.ctx.db
      .insertInto('rate_limit_hits')
      .values(Array.from({ length: 30 }, () => ({ bucket: `password-pair:${ip}:backoff@client.test`, created_at: time })))
      .execute();
    expect(await take('backoff@client.test', ip, 3000)).toEqual({ allowed: false, retryAfterS: LONGEST_WAIT_MS / 1000 });
  });

  it('guesses from other addresses never refuse the owner at their own address, and a right password forgets the failures', async () => {
    for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1) expect((await take('owner@client.test', '203.0.113.20')).allowed).toBe(true);
    expect((await take('owner@client.test', '203.0.113.20')).allowed).toBe(false);
    const owner = await take('owner@client.test', '198.51.100.20');
    expect(owner.allowed).toBe(true);
    // The owner mistypes four times, then gets it right: the slate is clean again.
    if (owner.allowed) await owner.settle(false);
    for (let i = 0; i < FREE_PASSWORD_TRIES - 2; i += 1) expect((await take('owner@client.test', '198.51.100.20')).allowed).toBe(true);
    const right = await take('owner@client.test', '198.51.100.20');
    if (!right.allowed) throw new Error('refused');
    await right.settle(true);
    for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1) expect((await take('owner@client.test', '198.51.100.20')).allowed).toBe(true);
  });

  it("the account's ceiling refuses only addresses that have failed for it", async () => {
    const time = t0.toISOString();
    await hd.ctx.db
      .insertInto('rate_limit_hits')
      .values(Array.from({ length: ACCOUNT_CEILING }, () => ({ bucket: 'password-account:ceiling@client.test', created_at: time })))
      .execute();
    await hd.ctx.db
      .insertInto('rate_limit_hits')
      .values({ bucket: 'password-pair:203.0.113.30:ceiling@client.test', created_at: time })
      .execute();
    expect(await take('ceiling@client.test', '203.0.113.30', 60_000)).toEqual({ allowed: false, retryAfterS: 900 });
    expect((await take('ceiling@client.test', '198.51.100.30', 60_000)).allowed).toBe(true);
  });

  it('a burst of concurrent wrong guesses from one address passes only the free tries (each takes its slot under a lock)', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => take('burst@client.test', '203.0.113.40')));
    expect(burst.filter((guess) => guess.allowed)).toHaveLength(FREE_PASSWORD_TRIES);
  });

  it.skipIf(dialect !== 'postgres')('holds across instances: a burst through two connection pools passes only the free tries', async () => {
    const other = createDb({ url: hd.config.databaseUrl });
    try {
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          takePasswordGuess(i % 2 ? other.kysely : hd.ctx.db, 'two-pools@client.test', '203.0.113.41', t0),
        ),
      );
      expect(burst.filter((guess) => guess.allowed)).toHaveLength(FREE_PASSWORD_TRIES);
    } finally {
      await other.close();
    }
  });

  it('one address is capped across accounts, rotating within its IPv6 /64 gains nothing, and IPv4-mapped counts as IPv4', async () => {
    const ip = (i: number) => `2001:db8:40:1::${(i + 1).toString(16)}`;
    for (let i = 0; i < GUESSES_PER_ADDRESS.password; i += 1) expect((await take(`spread${i}@client.test`, ip(i))).allowed).toBe(true);
    expect(await take('spread-last@client.test', '2001:db8:40:1:ffff::9')).toEqual({ allowed: false, retryAfterS: 900 });
    expect((await take('spread-last@client.test', '2001:db8:40:2::1')).allowed).toBe(true);

    for (let i = 0; i < FREE_PASSWORD_TRIES; i += 1)
      expect((await take('mapped@client.test', i % 2 ? '::ffff:192.0.2.44' : '192.0.2.44')).allowed).toBe(true);
    expect((await take('mapped@client.test', '::ffff:192.0.2.44')).allowed).toBe(false);
  });
});
