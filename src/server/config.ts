import net from 'node:net';
import path from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../shared/dates/today.js';

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
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Postgres server; when absent the embedded PGlite database in dataDir/pglite is used. */
  databaseUrl?: string;
  dataDir: string;
  uploadDir: string;
  jwtSecret: string;
  jwtAudience: string;
  sessionSeconds: number;
  /** The credit union's time zone (IANA): the day "today" is, for ages and date rules, on both sides. */
  timeZone: string;
  apiKey: string;
  apiSecret: string;
  /** Origins allowed on state-changing calls besides the server's own. */
  allowedOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  productName: string;
  /** Where people reach the app, for links in emails and SMS (sign in, reset password). */
  publicUrl: string;
  /** Development tools (outbox page, flow graph): never in production. */
  devTools: boolean;
  /** The onboarding funnel's events (FUNNEL_EVENTS=0 turns them off: nothing is recorded, the report is empty). */
  funnelEvents: boolean;
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

/** Transfer limits from whole dollars in the environment; defaults 10,000 a transfer, 20,000 a day, 1,000 to a new destination. */
function readTransferLimits(env: NodeJS.ProcessEnv): TransferLimits {
  const dollars = (name: string, fallback: number) => intSetting(env, name, fallback, 1, 1_000_000_000) * 100;
  return {
    perTransferCents: dollars('TRANSFER_LIMIT_PER_TRANSFER', 10_000),
    dailyCents: dollars('TRANSFER_LIMIT_DAILY', 20_000),
    newDestinationCents: dollars('TRANSFER_LIMIT_NEW_DESTINATION', 1_000),
    codesPerHour: intSetting(env, 'TRANSFER_CODES_PER_HOUR', 30, 1, 100_000),
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
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Credit Union Online <no-reply@cu.example>',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    productName: env.PRODUCT_NAME ?? 'Credit Union Online',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    devTools: !production && env.DEV_TOOLS !== '0',
    funnelEvents: env.FUNNEL_EVENTS !== '0',
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
