import { addressKey } from '../security/client-address.js';
import { type Exceeded, hitLimits } from './counted-limits.js';
import type { CounterStore } from './counter-store.js';

const HOUR_MS = 3_600_000;
/** Colleagues one client may try to copy in per hour: a team's worth, far below what mail spam would need. */
export const COLLEAGUE_ADDS_PER_ACCOUNT_HOUR = 20;
/** Per network address across accounts (an office behind one address has several clients). */
export const COLLEAGUE_ADDS_PER_ADDRESS_HOUR = 60;

/**
 * Counts one "Add a colleague" of a signed-in client, per account and per address (an IPv6 /64 is one), and
 * answers the refusal when either limit is past. Every attempt counts, a refused address too: each may make an
 * account and puts mail in someone's inbox, so trying addresses one by one is what the limit is for.
 */
export async function limitColleagueAdds(
  counters: CounterStore,
  who: { userId: number; ip: string },
): Promise<Exceeded<'colleague_adds_account' | 'colleague_adds_address'> | null> {
  return hitLimits(counters, [
    {
      name: 'colleague_adds_account',
      key: `client:colleagues:h:${who.userId}`,
      windowMs: HOUR_MS,
      max: COLLEAGUE_ADDS_PER_ACCOUNT_HOUR,
    },
    {
      name: 'colleague_adds_address',
      key: `client:colleagues:ip:h:${addressKey(who.ip)}`,
      windowMs: HOUR_MS,
      max: COLLEAGUE_ADDS_PER_ADDRESS_HOUR,
    },
  ]);
}
