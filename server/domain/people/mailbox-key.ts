/**
 * The key per-email limits count under: one key per mailbox, whatever spelling reaches it. A `+tag`
 * after the local part is dropped (most providers deliver `ann+x@…` to `ann@…`), and Gmail ignores
 * dots in the local part and answers for `googlemail.com` too. Used only for counting, never for
 * storage: the address an account or ticket keeps is the one typed.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}
