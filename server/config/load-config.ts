import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DbTuning } from '../db/create-db.js';
import type { Config, CounterKind, FilesSetting, HelpdeskConfigFile, SitePlugin } from './config-types.js';
import { parseHttpLimits } from './http-limits.js';
import { parseMailConfig } from './mail-config.js';
import { parseMetricsSetting } from './metrics-config.js';
import { parsePerformanceOff } from './performance-off.js';
import { parseS3Address } from './s3-address.js';

const CONFIG_FILE_NAMES = ['helpdesk.config.ts', 'helpdesk.config.mjs', 'helpdesk.config.js'];

/** Raised at start with every configuration problem at once, so one restart fixes them all. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`The helpdesk cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The only reader of process.env and helpdesk.config.*. */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<Config> {
  const problems: string[] = [];

  const port = parsePort(env.PORT, problems);
  const homeUrl = parseHomeUrl(env.HELPDESK_HOME_URL ?? `http://localhost:${port}`, problems);
  const dataDir = resolve(cwd, env.HELPDESK_DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL?.trim() || join(dataDir, 'helpdesk.sqlite');
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(databaseUrl) && /^[a-z]+:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be a postgres:// URL or a SQLite file path; got a ${databaseUrl.split(':')[0]}:// URL.`);
  }
  const trustProxyHops = Number(env.HELPDESK_TRUST_PROXY_HOPS ?? 0);
  if (!Number.isInteger(trustProxyHops) || trustProxyHops < 0) {
    problems.push('HELPDESK_TRUST_PROXY_HOPS must be a whole number of proxy hops (0 when clients connect directly).');
  }

  const performanceOff = parsePerformanceOff(env.HELPDESK_PERFORMANCE_OFF, problems);
  const databaseTuning = parseDatabaseTuning(env, problems);
  const httpLimits = parseHttpLimits(env, problems);

  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !(URL.canParse(redisUrl) && ['redis:', 'rediss:'].includes(new URL(redisUrl).protocol))) {
    problems.push('REDIS_URL must be a redis:// or rediss:// address, like redis://127.0.0.1:6379.');
  }
  const intakeCounters = parseCounterKind(env.HELPDESK_INTAKE_COUNTERS, { redisUrl, databaseUrl }, problems);
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !(URL.canParse(smtpUrl) && ['smtp:', 'smtps:'].includes(new URL(smtpUrl).protocol))) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// address, like smtp://user:pass@mail.example.com:587.');
  }

  const mail = parseMailConfig(env, problems);
  const files = parseFilesSetting(env.HELPDESK_FILES, problems, env);
  const metrics = parseMetricsSetting(env, problems);

  const configFile = findConfigFile(env.HELPDESK_CONFIG, cwd, problems);
  const file = configFile ? await importConfigFile(configFile, problems) : {};
  const plugins = checkPlugins(file.plugins, configFile, problems);
  const constants = { ...(file.constants ?? {}) };
  if (env.HELPDESK_CLOUD_SITE) constants.HELPDESK_CLOUD_SITE = env.HELPDESK_CLOUD_SITE;

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    homeUrl: homeUrl.href.replace(/\/$/, ''),
    basePath: homeUrl.pathname.replace(/\/$/, ''),
    dataDir,
    databaseUrl,
    configFile,
    plugins,
    constants,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxyHops,
    smtpUrl,
    redisUrl,
    intakeCounters,
    redisKeyPrefix: env.HELPDESK_REDIS_PREFIX ?? '',
    encryptionSeed: env.HELPDESK_ENCRYPTION_SEED?.trim() || null,
    databaseTuning,
    httpLimits,
    files,
    performanceOff,
    metrics,
    ...mail,
  };
}

/** HELPDESK_FILES: `database` (default), `disk`, or an `s3://bucket?endpoint=…&region=…` address. */
export function parseFilesSetting(value: string | undefined, problems: string[], env: NodeJS.ProcessEnv = {}): FilesSetting {
  const chosen = value?.trim() || 'database';
  if (chosen === 'database' || chosen === 'disk') return { kind: chosen };
  if (chosen.startsWith('s3://')) return parseS3Address(chosen, problems, env.AWS_REGION) ?? { kind: 'database' };
  problems.push(`HELPDESK_FILES must be database (the default), disk, or s3://bucket?endpoint=…&region=…; got "${chosen}".`);
  return { kind: 'database' };
}

function parseDatabaseTuning(env: NodeJS.ProcessEnv, problems: string[]): DbTuning {
  const tuning: DbTuning = {};
  const synchronous = env.HELPDESK_SQLITE_SYNCHRONOUS?.trim().toUpperCase();
  if (synchronous === 'FULL' || synchronous === 'NORMAL') tuning.sqliteSynchronous = synchronous;
  else if (synchronous)
    problems.push(
      `HELPDESK_SQLITE_SYNCHRONOUS must be FULL (default: survives power ` +
        `loss) or NORMAL (faster); got "${env.HELPDESK_SQLITE_SYNCHRONOUS}".`,
    );
  const millis = (name: string, min: number): number | undefined => {
    const value = env[name]?.trim();
    if (!value) return undefined;
    const number = Number(value);
    if (Number.isInteger(number) && number >= min) return number;
    problems.push(`${name} must be a whole number of milliseconds of at least ${min}; got "${value}".`);
    return undefined;
  };
  const busy = millis('HELPDESK_SQLITE_BUSY_TIMEOUT_MS', 0);
  if (busy !== undefined) tuning.sqliteBusyTimeoutMs = busy;
  const connect = millis('HELPDESK_DB_CONNECT_TIMEOUT_MS', 1);
  if (connect !== undefined) tuning.connectTimeoutMs = connect;
  return tuning;
}

function parsePort(value: string | undefined, problems: string[]): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535; got "${value}".`);
    return 8080;
  }
  return port;
}

// Several instances must share their counters, or each would allow the whole limit: Redis when there
// is one, else the database when it is PostgreSQL (what several instances share); SQLite means one
// instance, where memory is fastest.
function parseCounterKind(
  value: string | undefined,
  { redisUrl, databaseUrl }: { redisUrl: string | null; databaseUrl: string },
  problems: string[],
): CounterKind {
  const kinds: CounterKind[] = ['memory', 'database', 'redis'];
  const chosen = value?.trim().toLowerCase();
  if (chosen) {
    if (!kinds.includes(chosen as CounterKind)) {
      problems.push(`HELPDESK_INTAKE_COUNTERS must be memory, database or redis; got "${value}".`);
      return 'memory';
    }
    if (chosen === 'redis' && !redisUrl) problems.push('HELPDESK_INTAKE_COUNTERS=redis needs REDIS_URL (like redis://127.0.0.1:6379).');
    return chosen as CounterKind;
  }
  if (redisUrl) return 'redis';
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'database' : 'memory';
}

function parseHomeUrl(value: string, problems: string[]): URL {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    problems.push(`HELPDESK_HOME_URL must be an http(s) address without query or fragment, like https://help.example.com; got "${value}".`);
    return new URL('http://localhost:8080');
  }
  return url;
}

function findConfigFile(override: string | undefined, cwd: string, problems: string[]): string | null {
  if (override) {
    const path = resolve(cwd, override);
    if (!existsSync(path)) problems.push(`HELPDESK_CONFIG names ${path}, which does not exist.`);
    return existsSync(path) ? path : null;
  }
  return CONFIG_FILE_NAMES.map((name) => join(cwd, name)).find((path) => existsSync(path)) ?? null;
}

async function importConfigFile(path: string, problems: string[]): Promise<HelpdeskConfigFile> {
  try {
    // jiti runs helpdesk.config.ts without a build step.
    const { createJiti } = await import('jiti'); // only when there is a config file
    const jiti = createJiti(import.meta.url, { moduleCache: false });
    const loaded = await jiti.import<HelpdeskConfigFile>(path, { default: true });
    if (typeof loaded !== 'object' || loaded === null) {
      problems.push(`${path} must export an object as its default export, like: export default { plugins: [] }.`);
      return {};
    }
    return loaded;
  } catch (error) {
    problems.push(`${path} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
}

function checkPlugins(plugins: unknown, configFile: string | null, problems: string[]): SitePlugin[] {
  if (plugins === undefined) return [];
  if (!Array.isArray(plugins)) {
    problems.push(`"plugins" in ${configFile} must be a list of functions.`);
    return [];
  }
  plugins.forEach((plugin, index) => {
    if (typeof plugin !== 'function') problems.push(`plugins[${index}] in ${configFile} must be a function (hooks) => { … }.`);
  });
  return plugins as SitePlugin[];
}
