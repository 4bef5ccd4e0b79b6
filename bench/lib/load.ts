import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  ok: number;
  errors: number;
  p50: number;
  p99: number;
}

/** Drives `url` with autocannon for `seconds`; counts only 2xx answers as done. */
export async function runLoad(options: autocannon.Options & { seconds: number }): Promise<LoadResult> {
  const result = await autocannon({ connections: 16, pipelining: 1, ...options, duration: options.seconds });
  const ok = result['2xx'];
  return {
    requestsPerSecond: ok / options.seconds,
    ok,
    errors: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
