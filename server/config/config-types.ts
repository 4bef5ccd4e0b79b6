import type { DbTuning } from '../db/create-db.js';
import type { Hooks } from '../hooks/create-hooks.js';
import type { MetricsSetting } from './metrics-config.js';
import type { PerformanceOff } from './performance-off.js';

/** A site plugin: called once at start with the hook registry, before any route runs. */
export type SitePlugin = (hooks: Hooks) => void | Promise<void>;

/** What a site owner may export from helpdesk.config.{ts,mjs,js}. */
export interface HelpdeskConfigFile {
  plugins?: SitePlugin[];
  /** Site configuration constants, read before plugins load (spec §6), e.g. HELPDESK_CLOUD_SITE. */
  constants?: Record<string, string>;
}

/**
 * Where attachments' bytes live (HELPDESK_FILES): `database` (default), `disk` (under the data folder, or
 * `dir`), or an S3-compatible bucket (`s3://bucket?endpoint=…&region=…`). The bucket's credentials are
 * never part of it: the AWS SDK reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY itself.
 */
export type FilesSetting = { kind: 'database' } | { kind: 'disk'; dir?: string } | S3FilesSetting;

/** An S3-compatible bucket; `endpoint` for anything but AWS itself (MinIO, Garage, R2…), addressed by path. */
export interface S3FilesSetting {
  kind: 's3';
  bucket: string;
  region: string;
  endpoint?: string;
}

/** Where shared counters live: this process, the database, or Redis. */
export type CounterKind = 'memory' | 'database' | 'redis';

/**
 * Bounds on slow and stalled HTTP clients (HELPDESK_HTTP_*), so a few hundred connections that
 * trickle or stop cannot hold the server's sockets and refuse everyone else.
 */
export interface HttpLimits {
  /** Longest wait for a request's complete headers (408 after). */
  headersTimeoutMs: number;
  /** Longest silence while a request's body is arriving (408 after). */
  bodyTimeoutMs: number;
  /** Longest wait for a whole request, headers and body (408 after). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Open connections allowed per client address (IPv6 by /64); 0 turns the cap off. Off behind trusted proxies. */
  maxConnectionsPerAddress: number;
}

/** The service's whole configuration, resolved once at start. */
export interface Config {
  port: number;
  host: string;
  /** The help site's address without trailing slash, e.g. `https://example.com/help`. */
  homeUrl: string;
  /** The path part of homeUrl ('' or '/help'): every route is served under it. */
  basePath: string;
  dataDir: string;
  /** `postgres://…` or a SQLite file path. */
  databaseUrl: string;
  configFile: string | null;
  plugins: SitePlugin[];
  constants: Record<string, string>;
  logLevel: string;
  /** Hops of trusted reverse proxies in front of the service (0: use the socket address). */
  trustProxyHops: number;
  /** `smtp://user:pass@host:port` or `smtps://…`; null writes each mail as an .eml file under `dataDir/mail/`. */
  smtpUrl: string | null;
  /** Redis for counters shared by several instances (intake limits); null keeps them in memory. */
  redisUrl: string | null;
  /**
   * Where intake counters live (HELPDESK_INTAKE_COUNTERS). loadConfig always sets it: `redis` with
   * REDIS_URL, else `database` on PostgreSQL, else `memory`; absent (hand-built configs) means memory.
   */
  intakeCounters?: CounterKind;
  /** HELPDESK_REDIS_PREFIX: put before every Redis key, so several helpdesks can share one Redis (default none). */
  redisKeyPrefix?: string;
  /** HELPDESK_ENCRYPTION_SEED; null keeps the seed in the data folder (made once). */
  encryptionSeed: string | null;
  /** HELPDESK_SQLITE_SYNCHRONOUS, HELPDESK_SQLITE_BUSY_TIMEOUT_MS, HELPDESK_DB_CONNECT_TIMEOUT_MS; createDb's defaults when absent. */
  databaseTuning?: DbTuning;
  /** Timeouts and the per-address connection cap; DEFAULT_HTTP_LIMITS when absent (hand-built configs). */
  httpLimits?: HttpLimits;
  /** HELPDESK_SUPPORT_ADDRESS: the support address when Emails → Support address is empty. */
  supportAddress?: string | null;
  /** HELPDESK_IMAP_URL: the mailbox the worker reads (imaps://, imap:// with STARTTLS, or plain imap:// on loopback). */
  imapUrl?: string | null;
  /** HELPDESK_IMAP_POLL_SECONDS: how often to look when the server has no IDLE (default 60). */
  imapPollSeconds?: number;
  /** Milliseconds between the event stream's heartbeats (15 s when absent; tests shorten it). */
  liveHeartbeatMs?: number;
  /** HELPDESK_FILES: where attachments are stored; the database when absent. */
  files?: FilesSetting;
  /** HELPDESK_PERFORMANCE_OFF: mechanisms switched off for diagnosis (docs/PERFORMANCE.md); none when absent. */
  performanceOff?: PerformanceOff;
  /** METRICS_TOKEN / METRICS_ALLOW: who may read GET /metrics; absent: /metrics is off (404). */
  metrics?: MetricsSetting;
}
