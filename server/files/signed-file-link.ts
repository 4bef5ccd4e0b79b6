import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { currentSeed } from '../settings/settings.js';
import { fileUrl } from './file-url.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SIGNATURE_HEX = 32;

// A key of its own, derived from the install's secret seed (server/secrets/): a leaked link key would
// not decrypt stored secrets, and every instance sharing the seed signs and checks the same links.
function linkKey(seed: string): Buffer {
  return Buffer.from(hkdfSync('sha256', seed, 'helpdesk-file-links', 'file links v1', 32));
}

function sign(key: Buffer, publicId: string, expires: number): string {
  return createHmac('sha256', key).update(`file:${publicId}:${expires}`).digest('hex').slice(0, SIGNATURE_HEX);
}

/**
 * The address a mail gives for a file too large to attach: the file's own address plus `/mailed` with
 * an expiry (seconds since 1970) and an HMAC-SHA256 of both under the install's key. Whoever holds the
 * mail opens it without signing in, until it expires.
 */
export async function signedFileUrl(
  ctx: DomainContext,
  config: Pick<Config, 'homeUrl'>,
  publicId: string,
  lifetimeDays: number,
  at = Date.now(),
): Promise<{ url: string; expiresAt: Date }> {
  const expires = Math.floor((at + lifetimeDays * DAY_MS) / 1000);
  const signature = sign(linkKey(await currentSeed(ctx)), publicId, expires);
  return { url: `${fileUrl(config, publicId)}/mailed?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000) };
}

/** What a mailed link's parts say: good, good but past its time, or not made by this install (altered). */
export type SignedLinkCheck = 'valid' | 'expired' | 'invalid';

export async function checkSignedFileLink(
  ctx: DomainContext,
  publicId: string,
  expires: string | undefined,
  signature: string | undefined,
  at = Date.now(),
): Promise<SignedLinkCheck> {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]+$/.test(signature)) return 'invalid';
  const expected = Buffer.from(sign(linkKey(await currentSeed(ctx)), publicId, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) * 1000 <= at ? 'expired' : 'valid';
}
