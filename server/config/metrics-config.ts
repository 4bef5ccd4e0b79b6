import { BlockList, isIP } from 'node:net';

/** METRICS_TOKEN / METRICS_ALLOW / HELPDESK_METRICS_REQUESTS, read by loadConfig. */
export interface MetricsSetting {
  /** A bearer token that may read /metrics; null: none. */
  token: string | null;
  /** Addresses and CIDR ranges that may read /metrics without a token. */
  allow: string[];
  /** Count requests by route (the onResponse hook); `HELPDESK_METRICS_REQUESTS=off` turns it off. */
  requests: boolean;
}

/** Parses METRICS_ALLOW (`10.0.0.0/8, 127.0.0.1, ::1`) into a BlockList; null with a problem when an entry is not an address or range. */
export function parseAllowList(entries: string[], problems: string[]): BlockList | null {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      problems.push(
        `METRICS_ALLOW must list addresses or CIDR ranges separated by commas, like 10.0.0.0/8,127.0.0.1; "${entry}" is neither.`,
      );
      return null;
    }
    list.addSubnet(address as string, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** The metrics setting from the environment; null (off) unless a token or an allow list is given. */
export function parseMetricsSetting(env: NodeJS.ProcessEnv, problems: string[]): MetricsSetting | undefined {
  const token = env.METRICS_TOKEN?.trim() || null;
  const allow = (env.METRICS_ALLOW ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (token && token.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24).');
  parseAllowList(allow, problems);
  const requests = (env.HELPDESK_METRICS_REQUESTS ?? 'on').trim() !== 'off';
  if (!token && !allow.length) return undefined;
  return { token, allow, requests };
}
