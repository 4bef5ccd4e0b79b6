import { randomBytes } from 'node:crypto';

/** A new storage key: random hex, never derived from a name, so it is safe as a path or an object key. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** A new public id for a file's URL: random and unguessable, unrelated to the row id or the storage key. */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}
