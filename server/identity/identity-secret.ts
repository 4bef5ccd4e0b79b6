import { randomBytes } from 'node:crypto';
import type { DomainContext } from '../domain/context.js';
import { readOption, writeOption } from '../domain/options.js';
import { decryptSecret, encryptSecret } from '../secrets/secret-box.js';
import { recordSecretsSeed } from '../secrets/seed-check.js';
import { currentSeed } from '../settings/settings.js';

/**
 * The option holding the identity secret. An HMAC key cannot be stored hashed (checking a signature needs the key
 * itself), so it is stored as the AI key is: AES-256-GCM under the install seed (server/secrets/secret-box.ts),
 * the option's name authenticated with it. One secret at a time: making a new one ends the old at once.
 */
const OPTION = 'helpdesk_identity_secret';
// The context the ciphertext is bound to: copied into another secret's place, it does not decrypt.
const CONTEXT = 'identity.secret';
/** Shown so a leaked secret is recognised for what it is (secret scanners, logs). */
const PREFIX = 'hdid_';

interface StoredSecret {
  secret: string;
  created_at: string;
}

export interface IdentitySecretState {
  /** When the current secret was made; null when there is none (identity tokens are then refused). */
  created_at: string | null;
  /** The secret is stored but the current encryption seed cannot read it: make a new one. */
  unreadable: boolean;
}

async function readStored(ctx: DomainContext): Promise<StoredSecret | undefined> {
  const stored = (await readOption(ctx.db, OPTION)) as StoredSecret | undefined;
  return stored && typeof stored.secret === 'string' && stored.secret !== '' ? stored : undefined;
}

/** Makes a new secret (32 random bytes), replacing any earlier one, and returns it: the only time it is shown. */
export async function makeIdentitySecret(ctx: DomainContext): Promise<{ secret: string; created_at: string }> {
  const secret = PREFIX + randomBytes(32).toString('base64url');
  const seed = await currentSeed(ctx);
  const created_at = ctx.now().toISOString();
  await writeOption(ctx.db, OPTION, { secret: encryptSecret(seed, CONTEXT, secret), created_at } satisfies StoredSecret);
  await recordSecretsSeed(ctx.db, seed);
  return { secret, created_at };
}

/** Removes the secret: every identity token is refused until a new one is made. */
export async function removeIdentitySecret(ctx: DomainContext): Promise<void> {
  await writeOption(ctx.db, OPTION, {});
}

/** The secret in plain text for checking a signature (never for an answer or a log); null when none is readable. */
export async function readIdentitySecret(ctx: DomainContext): Promise<string | null> {
  const stored = await readStored(ctx);
  return stored ? decryptSecret(await currentSeed(ctx), CONTEXT, stored.secret) : null;
}

/** What Settings shows: whether a secret exists and since when; never the secret. */
export async function describeIdentitySecret(ctx: DomainContext): Promise<IdentitySecretState> {
  const stored = await readStored(ctx);
  if (!stored) return { created_at: null, unreadable: false };
  return { created_at: stored.created_at, unreadable: (await readIdentitySecret(ctx)) === null };
}
