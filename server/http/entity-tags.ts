/** One entity tag of a request header: `"…"` (strong) or `W/"…"` (weak), its opaque part without quotes. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3).
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;

/**
 * An If-Match or If-None-Match value (RFC 9110 §13.1.1, §13.1.2): `*`, or its comma-separated entity
 * tags (empty members, which the list syntax allows, are skipped). Undefined when a member is not an
 * entity tag: the caller says so rather than guessing what was meant.
 */
export function parseEntityTags(header: string): '*' | EntityTag[] | undefined {
  if (header.trim() === '*') return '*';
  const tags: EntityTag[] = [];
  for (const member of header.split(',')) {
    const text = member.trim();
    if (text === '') continue;
    const match = ENTITY_TAG.exec(text);
    if (!match) return undefined;
    tags.push({ weak: match[1] !== undefined, opaque: match[2] ?? '' });
  }
  return tags.length > 0 ? tags : undefined;
}

/** Strong comparison (RFC 9110 §8.8.3.2): both strong and the same; a weak tag never matches. */
export function isStrongMatch(tag: EntityTag, etag: string): boolean {
  return !tag.weak && `"${tag.opaque}"` === etag;
}

/** Weak comparison: the opaque parts are the same, weak or not (what If-None-Match uses). */
export function isWeakMatch(tag: EntityTag, etag: string): boolean {
  return `"${tag.opaque}"` === etag.replace(/^W\//, '');
}

/**
 * Whether If-None-Match names the current representation (`*`, or a tag equal by weak comparison), so a
 * GET answers 304. A header that does not parse names nothing: the full answer is never wrong.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = parseEntityTags(header);
  if (tags === '*') return true;
  return tags?.some((tag) => isWeakMatch(tag, etag)) ?? false;
}
