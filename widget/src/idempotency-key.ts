/** A random UUID v4 naming one filled form, so retries of it never file a second ticket. */
export function newIdempotencyKey(): string {
  // getRandomValues, not randomUUID: the latter is missing on plain-http host pages.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  // 8-4-4-4-12 hex digits, with the dashes put in by one replace (fewer bytes than five slices).
  return Array.from(b, (x) => x.toString(16).padStart(2, '0'))
    .join('')
    .replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
