import type { HttpLimits } from './config-types.js';

/** Defaults: generous for a person on a slow phone line, short enough that stalled sockets are freed fast. */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  maxConnectionsPerAddress: 64,
};

const VARIABLES: Record<keyof HttpLimits, { name: string; min: number; unit: string }> = {
  headersTimeoutMs: { name: 'HELPDESK_HTTP_HEADERS_TIMEOUT_MS', min: 100, unit: 'milliseconds' },
  bodyTimeoutMs: { name: 'HELPDESK_HTTP_BODY_TIMEOUT_MS', min: 100, unit: 'milliseconds' },
  requestTimeoutMs: { name: 'HELPDESK_HTTP_REQUEST_TIMEOUT_MS', min: 100, unit: 'milliseconds' },
  keepAliveTimeoutMs: { name: 'HELPDESK_HTTP_KEEP_ALIVE_TIMEOUT_MS', min: 100, unit: 'milliseconds' },
  maxConnectionsPerAddress: { name: 'HELPDESK_HTTP_MAX_CONNECTIONS_PER_ADDRESS', min: 0, unit: 'connections (0 turns the cap off)' },
};

/** Reads HELPDESK_HTTP_* from the environment, adding a plain sentence to `problems` for each bad value. */
export function parseHttpLimits(env: NodeJS.ProcessEnv, problems: string[]): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS };
  for (const key of Object.keys(VARIABLES) as Array<keyof HttpLimits>) {
    const { name, min, unit } = VARIABLES[key];
    const value = env[name]?.trim();
    if (!value) continue;
    const number = Number(value);
    if (Number.isInteger(number) && number >= min) limits[key] = number;
    else problems.push(`${name} must be a whole number of ${unit}, at least ${min}; got "${value}".`);
  }
  // Node refuses a header timeout longer than the whole-request timeout, and it would mean nothing.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    problems.push(
      `HELPDESK_HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not ` +
        `be longer than HELPDESK_HTTP_REQUEST_TIMEOUT_MS ` +
        `(${limits.requestTimeoutMs}).`,
    );
  }
  return limits;
}
