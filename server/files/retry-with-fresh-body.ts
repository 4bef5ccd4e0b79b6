/** Waits before attempt n+1: 100 ms doubled each time, with jitter so instances do not retry in step. */
const BASE_DELAY_MS = 100;

/**
 * Runs `send` up to `attempts` times while it fails in a way worth retrying (the server busy or failing,
 * the connection lost), each time with the body `send` makes afresh. The AWS SDK retries such failures
 * itself but not for a stream body it has consumed: the caller here can open the file again.
 */
export async function retryWithFreshBody<T>(attempts: number, send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attempts || !isWorthRetrying(error)) throw error;
      const delay = BASE_DELAY_MS * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * (delay / 2)));
    }
  }
}

// A server error, throttling or timeout (408, 429, 5xx), or no answer at all (a network error, which has
// no status). Not a refusal of the request itself (403, 400…), which would only be refused again, nor a
// failure to read our own file (it names its path).
function isWorthRetrying(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || 'path' in error) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status === 408 || status === 429 || status >= 500;
}
