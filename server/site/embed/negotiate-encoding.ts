/** The codings the widget is stored in, best first (brotli is ~15% smaller than gzip for it). */
export type EmbedEncoding = 'br' | 'gzip' | 'identity';

/**
 * Picks the coding to send from an Accept-Encoding header (RFC 9110 §12.5.3): the acceptable one
 * with the highest q-value, ties broken by our preference br > gzip > identity. `q=0` refuses a
 * coding; `*` stands for every coding not named. Identity is acceptable unless refused.
 */
export function negotiateEncoding(header: string | string[] | undefined): EmbedEncoding {
  if (header === undefined) return 'identity';
  const key = Array.isArray(header) ? header.join(',') : header;
  // Browsers send a handful of distinct values; parsing each once keeps the hot path cheap.
  let encoding = decided.get(key);
  if (encoding === undefined) {
    if (decided.size >= 256) decided.clear();
    encoding = parseAndPick(key);
    decided.set(key, encoding);
  }
  return encoding;
}

const decided = new Map<string, EmbedEncoding>();

function parseAndPick(header: string): EmbedEncoding {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') q = Number.parseFloat(value ?? '');
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(q) ? q : 0);
  }
  const star = weights.get('*');
  // Identity is acceptable unless refused, but preferred only when the client gives it a q-value.
  const identity = weights.get('identity') ?? (star === 0 ? 0 : Number.MIN_VALUE);
  const weightOf = (coding: EmbedEncoding) => (coding === 'identity' ? identity : (weights.get(coding) ?? star ?? 0));
  let best: EmbedEncoding = 'identity';
  let bestWeight = 0;
  for (const coding of ['br', 'gzip', 'identity'] as const) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  // Even when identity is refused we send it rather than a 406: a script tag cannot show an error.
  return best;
}
