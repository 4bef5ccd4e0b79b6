import { expect, it } from 'vitest';
import { createDb } from '../db/create-db.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { takeRateLimit } from './rate-limit.js';

const HOUR_MS = 3_600_000;

describeEachDatabase('shared rate limits (sign-in links, passwords)', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('lets exactly the limit through when many requests for one address arrive at once', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => takeRateLimit(hd.ctx.db, 'password:burst@client.test', 3, HOUR_MS)));
    expect(results.filter(Boolean)).toHaveLength(3);
    const rows = await hd.ctx.db.selectFrom('rate_limit_hits').select('id').where('bucket', '=', 'password:burst@client.test').execute();
    expect(rows).toHaveLength(3);
    expect(await takeRateLimit(hd.ctx.db, 'password:other@client.test', 3, HOUR_MS)).toBe(true);
  });

  it.skipIf(dialect !== 'postgres')(
    'holds across instances: two connection pools on one database (two instances) share each address budget',
    async () => {
      // A second connection pool on the same database stands for the second instance.
      const other = createDb({ url: hd.config.databaseUrl });
      try {
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) => takeRateLimit(i % 2 ? other.kysely : hd.ctx.db, 'link:shared@client.test', 3, HOUR_MS)),
        );
        expect(results.filter(Boolean)).toHaveLength(3);
      } finally {
        await other.close();
      }
    },
  );
});
