import { domainToASCII, domainToUnicode } from 'node:url';

// Whether a host name in its ASCII form is one the mail system and DNS agree on: what the WHATWG domain parser makes
// of it is itself (lower-cased), and every `xn--` label is valid punycode. The second check is ours because the
// parser's answer for broken punycode changed between Node versions: Node 20 refuses "xn--zz" (answers ''), Node 24
// hands it back unchanged. A valid label decodes to something else and encodes back to itself on both.

/** Whether the `xn--` label `label` (lower-case) is valid punycode. */
function isValidPunycodeLabel(label: string): boolean {
  const unicode = domainToUnicode(label);
  return unicode !== '' && unicode !== label && domainToASCII(unicode) === label;
}

/** Whether `domain` (letters, digits, hyphens and dots already checked) is a valid ASCII host name. */
export function isValidAsciiDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  if (domainToASCII(lower) !== lower) return false;
  return lower
    .split('.')
    .filter((label) => label.startsWith('xn--'))
    .every(isValidPunycodeLabel);
}
