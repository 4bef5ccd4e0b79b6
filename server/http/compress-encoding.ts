/** What @fastify/compress (with encodings br and gzip) does with an answer for this Accept-Encoding. */
export type CompressEncoding = 'br' | 'gzip' | 'none';

// Plain lists of codings, no q-values: "gzip, deflate, br, zstd", "br", "*", "identity"…
const PLAIN_LIST = /^[\t ]*[a-z0-9-]+(?:[\t ]*,[\t ]*[a-z0-9-]+)*[\t ]*$/;

/**
 * The coding @fastify/compress picks for this Accept-Encoding, for the common headers only: the plugin
 * lower-cases the header, reads `*` and `x-gzip` as gzip, and takes br (its first choice) over gzip when
 * both have the same weight. For a header with q-values or anything unusual this answers undefined:
 * the caller then leaves the request to the plugin rather than guess how its parser reads it.
 */
export function compressEncoding(header: string | string[] | undefined): CompressEncoding | undefined {
  if (header === undefined) return 'none';
  if (typeof header !== 'string') return undefined;
  let encoding = decided.get(header);
  if (encoding === undefined) {
    if (decided.size >= 256) decided.clear();
    encoding = pick(header);
    decided.set(header, encoding);
  }
  return encoding ?? undefined;
}

// Browsers send a handful of distinct values; each is read once.
const decided = new Map<string, CompressEncoding | null>();

function pick(header: string): CompressEncoding | null {
  const list = header.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  if (!PLAIN_LIST.test(list)) return null;
  const codings = list.split(',').map((coding) => coding.trim());
  if (codings.includes('br')) return 'br';
  if (codings.includes('gzip')) return 'gzip';
  return 'none';
}
