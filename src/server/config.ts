import path from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../shared/dates/today.js';

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
  staticDir: string;
  trustProxy: boolean;
  /** Seed demo sign-ins (development and test only). */
  seedDemo: boolean;
  adminEmail?: string;
  adminPassword?: string;
}

const DEV_JWT_SECRET = 'development-only-jwt-secret-change-me-0123456789';

/** Reads configuration from the environment, with safe development defaults; refuses weak production settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = (env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development') as AppConfig['env'];
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const config: AppConfig = {
    env: nodeEnv,
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    jwtAudience: env.JWT_AUDIENCE ?? 'cu-online-banking',
    sessionSeconds: Number(env.SESSION_SECONDS ?? 300),
    timeZone: env.TIME_ZONE ?? DEFAULT_TIME_ZONE,
    apiKey: env.API_KEY ?? 'cu-web',
    apiSecret: env.API_SECRET ?? 'cu-web-client',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Credit Union Online <no-reply@cu.example>',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    productName: env.PRODUCT_NAME ?? 'Credit Union Online',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    devTools: nodeEnv !== 'production' && env.DEV_TOOLS !== '0',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    trustProxy: env.TRUST_PROXY === '1',
    seedDemo: nodeEnv !== 'production',
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    ...overrides,
  };
  if (!isTimeZone(config.timeZone)) throw new Error(`TIME_ZONE "${config.timeZone}" is not a time zone (use an IANA name such as America/Port_of_Spain).`);
  if (config.env === 'production') {
    const problems: string[] = [];
    if (!env.JWT_SECRET || env.JWT_SECRET === DEV_JWT_SECRET || env.JWT_SECRET.length < 32) problems.push('JWT_SECRET must be set to a random value of at least 32 characters');
    if (!env.API_KEY || !env.API_SECRET) problems.push('API_KEY and API_SECRET must be set');
    if (!env.DATABASE_URL) problems.push('DATABASE_URL must point at a Postgres server');
    if (problems.length) throw new Error(`Refusing to start in production: ${problems.join('; ')}.`);
  }
  return config;
}
