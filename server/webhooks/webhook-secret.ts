import { createHmac, randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../secrets/secret-box.js';

// The secret-box context: a ciphertext copied into another column or setting does not decrypt.
const CONTEXT = 'webhook_subscriptions.secret';

/** A new signing secret as Standard Webhooks writes it: `whsec_` and the base64 of 32 random bytes (the key itself). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function sealWebhookSecret(seed: string, secret: string): string {
  return encryptSecret(seed, CONTEXT, secret);
}

/** The plain `whsec_…`, or null when the seed changed or the stored value was altered. */
export function openWebhookSecret(seed: string, sealed: string): string | null {
  return decryptSecret(seed, CONTEXT, sealed);
}

/**
 * One `v1,<signature>` entry of the `webhook-signature` header: the base64 HMAC-SHA256, under the bytes the secret's
 * base64 (after `whsec_`) stands for, of `id.timestamp.body` (Standard Webhooks).
 */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}
