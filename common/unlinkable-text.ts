// Look-alikes of the characters that make text a link to a mail client: ONE DOT LEADER for ".",
// RATIO for ":", FULLWIDTH SOLIDUS for "/" and FULLWIDTH COMMERCIAL AT for "@". They read the same,
// but no linkifier takes `evil․com` for a host, `http∶／／x` for an address or `a＠b․c` for a mailbox.
const LOOK_ALIKES: Record<string, string> = { '.': '\u2024', ':': '\u2236', '/': '\uFF0F', '@': '\uFF20' };

/**
 * A client-chosen name or subject as mail shows it: never turned into a link by the reader's mail
 * program (which links `evil.com`, `www.x.org` and `http://…` in plain and HTML text alike, so a
 * "name" would be a link in the helpdesk's own, trusted mail). Zero-width characters are not used:
 * copied text would carry them invisibly. The stored value is unchanged; the admin app and the help
 * site show it exactly, as text.
 */
export function unlinkableText(value: string): string {
  return value.replace(/[.:/@]/g, (c) => LOOK_ALIKES[c] as string);
}
