/** The name and email a site's identity token carries, read without checking it (the help desk checks it when the ticket is sent). */
export interface ShownIdentity {
  name: string;
  email: string;
}

/** The claims to prefill from a token (a JWT's middle part); undefined when it is not one. */
export function readIdentityClaims(token: unknown): ShownIdentity | undefined {
  if (typeof token !== 'string') return undefined;
  const part = token.split('.')[1];
  try {
    const json = atob((part ?? '').replace(/-/g, '+').replace(/_/g, '/'));
    // atob gives bytes as Latin-1 characters: a name's UTF-8 (Zoë, أحمد) is decoded from them.
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    const { name, email } = (claims ?? {}) as Record<string, unknown>;
    return typeof name === 'string' && typeof email === 'string' ? { name, email } : undefined;
  } catch {
    return undefined;
  }
}
