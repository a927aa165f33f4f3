import net from 'node:net';
import path from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../shared/dates/today.js';

/** The product's name in the pages' title and every email and text message, unless PRODUCT_NAME says otherwise. */
export const DEFAULT_PRODUCT_NAME = 'Credit Union Online';

export type TrustProxy = false | number | string[];

export interface ServerTimeouts {
  /** The whole request (headers and body) must arrive within this time (Fastify `requestTimeout`). */
  requestMs: number;
  /** The request headers must arrive within this time (Node's `headersTimeout`). */
  headersMs: number;
  /** A socket with no traffic for this long is closed (Fastify `connectionTimeout`). */
  connectionMs: number;
  /** An idle keep-alive connection is closed after this long (Fastify `keepAliveTimeout`). */
  keepAliveMs: number;
}

/** Limits on transfers to other members, in cents (DESIGN.md "Transfers to another member"). */
export interface TransferLimits {
  /** The most one transfer may move. */
  perTransferCents: number;
  /** The most a member may send to other members in one calendar day of the credit union's time zone. */
  dailyCents: number;
  /** The most a member may send to a destination in the 24 hours from their first transfer to it. */
  newDestinationCents: number;
  /** Transfer codes one user may be sent per hour (TRANSFER_CODES_PER_HOUR), so no script texts a member without end. */
  codesPerHour: number;
  /**
   * Destination account numbers one user may enter that are not found, per hour (TRANSFER_NOT_FOUND_PER_HOUR): the
   * transfer form says whether a number exists, so it must not become a way to list the members' accounts.
   */
  notFoundPerHour: number;
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Postgres server; when absent the embedded PGlite database in dataDir/pglite is used. */
  databaseUrl?: string;
  dataDir: string;
  /** The local upload folder, used when no S3 store is configured. */
  uploadDir: string;
  /** S3-compatible object store for uploads (S3_URL); when absent uploads go to uploadDir. */
  s3?: S3Settings;
  jwtSecret: string;
  jwtAudience: string;
  sessionSeconds: number;
  /** The credit union's time zone (IANA): the day "today" is, for ages and date rules, on both sides. */
  timeZone: string;
  apiKey: string;
  apiSecret: string;
  /** Origins allowed on state-changing calls besides the server's own. */
  allowedOrigins: string[];
  /** SMTP server for email (smtp:// or smtps://); when absent email is only recorded (the dev outbox page). */
  smtpUrl?: string;
  /**
   * Redis holding the per-address rate-limit counters shared by every API server (DESIGN.md section 6);
   * when absent the counters live in this process.
   */
  redisUrl?: string;
  /** Prefix of every key the server writes in Redis (several deployments or test runs can share one Redis). */
  redisKeyPrefix: string;
  mailFrom: string;
  /** HTTP SMS gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN); when absent SMS is only recorded. */
  smsGateway?: { url: string; token: string };
  /** Delivery attempts per message before it is marked failed, and the first retry delay (doubling each time). */
  outbox: { maxAttempts: number; retryBaseMs: number };
  logLevel: string;
  productName: string;
  /** Where people reach the app, for links in emails and SMS (sign in, reset password). */
  publicUrl: string;
  /** Development tools (outbox page, flow graph): never in production. */
  devTools: boolean;
  /** The onboarding funnel's events (FUNNEL_EVENTS=0 turns them off: nothing is recorded, the report is empty). */
  funnelEvents: boolean;
  /** The drafts' job every 15 minutes: reminders and the purge of expired drafts (DRAFT_JOBS=0 turns it off). */
  draftJobs: boolean;
  staticDir: string;
  /**
   * Which proxies in front of the server may name the client in X-Forwarded-For: `false` (none, the
   * default), a hop count, or the proxies' addresses / CIDR ranges. Never every hop.
   */
  trustProxy: TrustProxy;
  /** Socket and request time limits (milliseconds), so a slow or half-sent request cannot hold a socket. */
  timeouts: ServerTimeouts;
  /** TRANSFER_LIMIT_PER_TRANSFER, TRANSFER_LIMIT_DAILY, TRANSFER_LIMIT_NEW_DESTINATION (whole dollars). */
  transferLimits: TransferLimits;
  /** Seed demo sign-ins (development and test only). */
  seedDemo: boolean;
  adminEmail?: string;
  adminPassword?: string;
}

/** Where uploads go when S3_URL is set (parsed by parseS3Url). */
export interface S3Settings {
  /** http(s)://host[:port] of the S3 API; undefined means AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's default chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const S3_FORM = 's3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix]?region=us-east-1&forcePathStyle=true&tls=false';
const S3_OPTIONS = new Set(['region', 'forcePathStyle', 'tls']);

/**
 * S3_URL: `s3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix]?region=…&forcePathStyle=true&tls=false`.
 * Credentials are %-encoded and may be left out (the SDK's default chain is used); host `aws` means AWS's
 * own endpoint for the region; `tls=false` speaks plain HTTP (a local store); forcePathStyle defaults to
 * true unless the host is `aws`. Anything else refuses to start with the expected form in the message.
 */
export function parseS3Url(value: string): S3Settings {
  const refuse = (why: string) => new ConfigError(`S3_URL: ${why} (expected ${S3_FORM}).`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('not a URL');
  }
  if (url.protocol !== 's3:') throw refuse(`the scheme must be s3://, not ${url.protocol}//`);
  if (!url.hostname) throw refuse('no host');
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const bucket = segments.shift();
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw refuse(`"${bucket ?? ''}" is not a bucket name (3-63 lower-case letters, digits, dots, hyphens)`);
  for (const key of url.searchParams.keys()) if (!S3_OPTIONS.has(key)) throw refuse(`unknown option "${key}"`);
  const flag = (name: string, fallback: boolean) => {
    const text = url.searchParams.get(name);
    if (text === null) return fallback;
    if (text !== 'true' && text !== 'false') throw refuse(`${name} must be true or false`);
    return text === 'true';
  };
  const onAws = url.hostname === 'aws';
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw refuse(`region "${region}" is not a region name`);
  const user = decodeURIComponent(url.username);
  const secret = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(secret)) throw refuse('give both the access key and the secret key, or neither');
  return {
    endpoint: onAws ? undefined : `${flag('tls', true) ? 'https' : 'http'}://${url.host}`,
    region,
    bucket,
    prefix: segments.length ? `${segments.join('/')}/` : '',
    forcePathStyle: flag('forcePathStyle', !onAws),
    credentials: user ? { accessKeyId: user, secretAccessKey: secret } : undefined,
  };
}

function smtpSetting(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('SMTP_URL: not a URL (expected smtp://user:password@host:587 or smtps://user:password@host:465).');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`SMTP_URL: the scheme must be smtp:// or smtps://, not ${url.protocol}//.`);
  if (!url.hostname) throw new ConfigError('SMTP_URL: no host.');
  return text;
}

function smsGatewaySetting(env: NodeJS.ProcessEnv): AppConfig['smsGateway'] {
  const text = env.SMS_GATEWAY_URL?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('SMS_GATEWAY_URL: not a URL (expected https://gateway.example/messages).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`SMS_GATEWAY_URL: the scheme must be https:// (or http://), not ${url.protocol}//.`);
  const token = env.SMS_GATEWAY_TOKEN?.trim();
  if (!token) throw new ConfigError('SMS_GATEWAY_TOKEN must be set with SMS_GATEWAY_URL (it is sent as Authorization: Bearer).');
  return { url: url.toString(), token };
}

const DEV_JWT_SECRET = 'development-only-jwt-secret-change-me-0123456789';
const DEV_API_KEY = 'cu-web';
const DEV_API_SECRET = 'cu-web-client';

/** Thrown for configuration the server refuses to start with; the message says what to fix. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Only `development` and `test` are development-like; any other NODE_ENV (`production`, `prod`,
 * `staging`, a typo) runs hardened as production (DESIGN.md "Environment"). Unset means development,
 * which is what `npm start` on a laptop runs.
 */
export function runtimeEnv(nodeEnv: string | undefined): AppConfig['env'] {
  const value = (nodeEnv ?? '').trim();
  if (value === '' || value === 'development') return 'development';
  if (value === 'test') return 'test';
  return 'production';
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !net.isIP(address)) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(address) ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: unset, `0` or `false` trusts no proxy (the socket address is the client); a number
 * trusts that many hops (`1`: one load balancer in front); otherwise a comma-separated list of the
 * proxies' addresses or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`). `true`, `*` or
 * `all` would let any client choose its own address with X-Forwarded-For, so they are refused.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY=${text}: a hop count is the number of proxies in front of the server (at most 10).`);
    return hops;
  }
  if (['true', '*', 'all'].includes(text.toLowerCase())) {
    throw new ConfigError(
      `TRUST_PROXY=${text} would trust every hop, so any client could pick its own address with X-Forwarded-For and escape the per-address limits. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16).`,
    );
  }
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !PROXY_KEYWORDS.has(entry) && !isAddressOrRange(entry));
  if (wrong.length) throw new ConfigError(`TRUST_PROXY: ${wrong.join(', ')} is not an IP address, a CIDR range (10.0.0.0/8) or a hop count.`);
  return entries;
}

/** A whole number from the environment within [min, max], or the default; anything else refuses to start. */
function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new ConfigError(`${name}=${text}: expected a whole number from ${min} to ${max}.`);
  return value;
}

function readTimeouts(env: NodeJS.ProcessEnv): ServerTimeouts {
  const timeouts = {
    requestMs: intSetting(env, 'REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000),
    headersMs: intSetting(env, 'HEADERS_TIMEOUT_MS', 15_000, 100, 600_000),
    connectionMs: intSetting(env, 'CONNECTION_TIMEOUT_MS', 30_000, 100, 3_600_000),
    keepAliveMs: intSetting(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
  };
  if (timeouts.headersMs > timeouts.requestMs) throw new ConfigError('HEADERS_TIMEOUT_MS cannot be longer than REQUEST_TIMEOUT_MS.');
  return timeouts;
}

/** REDIS_URL: a redis:// or rediss:// URL (rediss is TLS), or nothing (counters in process). */
export function parseRedisUrl(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('REDIS_URL is not a URL: expected redis://host:6379 (or rediss:// for TLS).');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new ConfigError(`REDIS_URL: expected a redis:// or rediss:// URL, got ${url.protocol}//.`);
  if (!url.hostname) throw new ConfigError('REDIS_URL names no host: expected redis://host:6379.');
  return text;
}

/** Transfer limits from whole dollars in the environment; defaults 10,000 a transfer, 20,000 a day, 1,000 to a new destination. */
function readTransferLimits(env: NodeJS.ProcessEnv): TransferLimits {
  const dollars = (name: string, fallback: number) => intSetting(env, name, fallback, 1, 1_000_000_000) * 100;
  return {
    perTransferCents: dollars('TRANSFER_LIMIT_PER_TRANSFER', 10_000),
    dailyCents: dollars('TRANSFER_LIMIT_DAILY', 20_000),
    newDestinationCents: dollars('TRANSFER_LIMIT_NEW_DESTINATION', 1_000),
    codesPerHour: intSetting(env, 'TRANSFER_CODES_PER_HOUR', 30, 1, 100_000),
    notFoundPerHour: intSetting(env, 'TRANSFER_NOT_FOUND_PER_HOUR', 10, 1, 100_000),
  };
}

/** What production needs that development supplies by default; an empty list means ready. */
function productionProblems(config: AppConfig, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!config.jwtSecret || config.jwtSecret === DEV_JWT_SECRET || config.jwtSecret.length < 32) problems.push('JWT_SECRET must be set to a random value of at least 32 characters');
  if (!(env.API_KEY || (config.apiKey !== DEV_API_KEY && config.apiKey)) || !(env.API_SECRET || (config.apiSecret !== DEV_API_SECRET && config.apiSecret))) problems.push('API_KEY and API_SECRET must be set');
  if (!config.databaseUrl) problems.push('DATABASE_URL must point at a Postgres server');
  return problems;
}

/**
 * Reads configuration from the environment, with safe development defaults. Fails closed: an unknown
 * NODE_ENV runs as production (no demo sign-ins, no development tools, real secrets required), and a
 * setting it cannot read (a trust-all proxy rule, a malformed number) stops the start with a message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = overrides.env ?? runtimeEnv(env.NODE_ENV);
  const production = nodeEnv === 'production';
  // An empty DATA_DIR (`DATA_DIR= npm start`) means the default, not the current folder.
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const config: AppConfig = {
    env: nodeEnv,
    host: env.HOST ?? '127.0.0.1',
    port: intSetting(env, 'PORT', 3000, 0, 65_535),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    s3: env.S3_URL?.trim() ? parseS3Url(env.S3_URL.trim()) : undefined,
    jwtSecret: env.JWT_SECRET || DEV_JWT_SECRET,
    jwtAudience: env.JWT_AUDIENCE ?? 'cu-online-banking',
    // A few seconds are allowed so browser tests can watch a session end (auth.e2e uses 12 s).
    sessionSeconds: intSetting(env, 'SESSION_SECONDS', 300, 5, 86_400),
    timeZone: env.TIME_ZONE ?? DEFAULT_TIME_ZONE,
    apiKey: env.API_KEY || DEV_API_KEY,
    apiSecret: env.API_SECRET || DEV_API_SECRET,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: smtpSetting(env.SMTP_URL),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'cu:',
    mailFrom: env.MAIL_FROM ?? 'Credit Union Online <no-reply@cu.example>',
    smsGateway: smsGatewaySetting(env),
    outbox: { maxAttempts: intSetting(env, 'OUTBOX_MAX_ATTEMPTS', 8, 1, 50), retryBaseMs: intSetting(env, 'OUTBOX_RETRY_BASE_MS', 30_000, 10, 3_600_000) },
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    productName: env.PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    devTools: !production && env.DEV_TOOLS !== '0',
    funnelEvents: env.FUNNEL_EVENTS !== '0',
    draftJobs: env.DRAFT_JOBS !== '0',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeouts: readTimeouts(env),
    transferLimits: readTransferLimits(env),
    seedDemo: !production,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    ...overrides,
  };
  if (!isTimeZone(config.timeZone)) throw new ConfigError(`TIME_ZONE "${config.timeZone}" is not a time zone (use an IANA name such as America/Port_of_Spain).`);
  if (production) {
    // Whatever else was asked for, production never has development tools or demo sign-ins.
    config.devTools = false;
    config.seedDemo = false;
    const problems = productionProblems(config, env);
    if (problems.length) {
      const named = env.NODE_ENV && env.NODE_ENV !== 'production' ? ` (NODE_ENV=${env.NODE_ENV} runs as production)` : '';
      throw new ConfigError(`Refusing to start in production${named}: ${problems.join('; ')}.`);
    }
  }
  return config;
}
