/**
 * Polls `probe` every 100 ms until it answers something other than `false` or `undefined`, and returns that;
 * fails after `timeoutMs` naming `what`. For conditions met by another process (a child server, a second
 * instance), which no event tells this one about; a loaded machine waits longer, nothing asserts how fast.
 */
export async function waitUntil<T>(what: string, probe: () => Promise<T | false | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
