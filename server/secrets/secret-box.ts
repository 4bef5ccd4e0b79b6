import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** True for a value this module wrote (so stored plaintext from before encryption is told apart). */
export function isCiphertext(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${VERSION}.`);
}

// One key per seed: HKDF-SHA256 with a fixed salt and purpose, so the seed itself is never the key.
function deriveKey(seed: string): Buffer {
  return Buffer.from(hkdfSync('sha256', seed, 'helpdesk-secrets', 'settings v1', 32));
}

/**
 * Encrypts a secret with AES-256-GCM under a key derived from `seed`. `context` (the setting's
 * name) is authenticated too, so a ciphertext copied to another setting does not decrypt.
 */
export function encryptSecret(seed: string, context: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(seed), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plaintext, or null when the seed changed or the ciphertext was altered (never throws). */
export function decryptSecret(seed: string, context: string, ciphertext: string): string | null {
  if (!isCiphertext(ciphertext)) return null;
  try {
    const raw = Buffer.from(ciphertext.slice(VERSION.length + 1), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(seed), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
