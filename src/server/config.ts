import path from 'node:path';
import crypto from 'node:crypto';
import fs from 'node:fs';

/** What a process does (ROLES): `web` serves pages, the API, sockets and media; `worker` runs jobs and periodic work. */
export const ROLES = ['web', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** `ROLES=web`, `worker` or `web,worker` (the default, also when empty); anything else stops the start with a clear error. */
export function parseRoles(value: string | undefined): Role[] {
  const names = (value ?? '')
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (!names.length) return [...ROLES];
  const unknown = names.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length)
    throw new Error(
      `ROLES: unknown role ${unknown.map((r) => `"${r}"`).join(', ')}; known roles: ${ROLES.join(', ')} (comma-separated)`,
    );
  return ROLES.filter((r) => names.includes(r));
}

/** Everything the server reads from the environment, with the embedded defaults. */
export interface Config {
  /** What this process runs (ROLES); both by default. */
  roles: Role[];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL URL; empty means embedded PGlite in `${dataDir}/db`. */
  databaseUrl: string;
  /**
   * Streaming replicas of DATABASE_URL for reads that may be a moment stale (DATABASE_REPLICA_URLS, comma-separated);
   * one is skipped while it lags more than `maxLagMs` (REPLICA_MAX_LAG_MS, 2000) by the checks every `checkMs`
   * (REPLICA_CHECK_MS, 500). See db/replicas.ts.
   */
  replicas: { urls: string[]; maxLagMs: number; checkMs: number };
  /**
   * How often a worker looks for due jobs it was not told of (JOBS_POLL_MS); unset: 500 ms with PostgreSQL (another
   * node may queue them), 10 s embedded (every job queued here wakes the worker itself, the poll is a safety net).
   */
  jobsPollMs: number | null;
  /** Redis URL; empty means in-process rate limits and caches. */
  redisUrl: string;
  /** Prefix for Redis keys, so several sites (or test runs) can share one Redis. */
  redisNamespace: string;
  /** SMTP URL; empty means mail goes to the outbox table (and the log). */
  smtpUrl: string;
  mailFrom: string;
  /** Secret for signing (socket hashes, tokens); generated and kept in the data dir when unset. */
  secret: string;
  logLevel: string;
  /** Multiplies every rate limit; tests and load benchmarks raise it. */
  rateLimitScale: number;
  /**
   * Entries with links from accounts younger than a day wait for staff review (NEW_ACCOUNT_LINK_REVIEW, on unless
   * `0`): the anti-spam hold of the moderation module. A small closed community may switch it off.
   */
  newAccountLinkReview: boolean;
  seed: boolean;
  /**
   * Anonymous pages, feeds, comment trees, sessions and search answers kept for seconds and shared between readers:
   * on with NODE_ENV=production unless SHARED_CACHES=0 (the browser tests run the production build without them, so
   * what a test just wrote shows at once).
   */
  sharedCaches: boolean;
  /** Where media URLs point: `/media` on this host unless a CDN base is given (MEDIA_BASE_URL). */
  mediaBaseUrl: string;
  /**
   * The request header a proxy in front sets to the reader's country, ISO 3166-1 alpha-2 (COUNTRY_HEADER, e.g.
   * `cf-ipcountry`); empty: regions are unknown and entries `withheld` for some are shown everywhere.
   */
  countryHeader: string;
  /** Upload limits (UPLOAD_MAX_MB per file, UPLOAD_MAX_FILES per request). */
  uploadMaxMb: number;
  uploadMaxFiles: number;
  /** S3-compatible media storage (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY, S3_SECRET_KEY); disk under the data dir when unset. */
  s3: { endpoint: string; bucket: string; region: string; accessKey: string; secretKey: string } | null;
  /**
   * Hosts (name or address) that outgoing fetches may reach even though they resolve to private or loopback
   * addresses (FETCH_ALLOW_HOSTS, comma-separated); tests use it for their local servers.
   */
  fetchAllowHosts: string[];
  /** Contact for web push (VAPID subject), a mailto: or https: URL. */
  vapidSubject: string;
  /**
   * Which proxies may name the client's address in X-Forwarded-For (TRUST_PROXY): none by default (the socket's
   * address counts), a hop count, or addresses and CIDR ranges. Rate limits and sign-in throttling key on it.
   */
  trustProxy: false | number | string[];
  /**
   * Social sign-in keys by provider (VK_CLIENT_ID…, README): a provider is offered only when all its keys are set.
   * `oidc` is any OpenID Connect provider named by OIDC_ISSUER (the tests start one).
   */
  signinProviders: Partial<
    Record<'vk' | 'yandex' | 'google' | 'apple' | 'twitter' | 'facebook' | 'telegram' | 'oidc', Record<string, string>>
  >;
  /**
   * Company suggestions of the invoice form from a DaData-compatible service (DADATA_API_KEY, DADATA_URL for another
   * host); without a key the form suggests companies this site has invoiced before.
   */
  dadata: { apiKey: string; url: string } | null;
  /**
   * CloudPayments (CLOUDPAYMENTS_PUBLIC_ID, CLOUDPAYMENTS_API_SECRET, CLOUDPAYMENTS_PUBLIC_KEY, optional
   * CLOUDPAYMENTS_KEY_VERSION and CLOUDPAYMENTS_API_URL): cards go to it when set.
   */
  cloudpayments: { publicId: string; apiSecret: string; apiUrl: string; publicKey: string; keyVersion: string } | null;
  /**
   * The built-in test cashier (PAYMENTS_TEST_CASHIER=1) when CloudPayments is not set: it takes the public test cards,
   * so it is never on by itself; without either, card payments answer that they are not configured.
   */
  paymentsTestCashier: boolean;
  /**
   * Every answer of a route with a contract is checked against its response schema; a mismatch is a 500 (tests:
   * CHECK_ANSWERS=1, set by the test harness and the browser tests' servers).
   */
  checkAnswers: boolean;
  /**
   * Backups a worker takes by itself (modules/backup): into BACKUP_DIR (off when unset), one when the newest there is
   * BACKUP_EVERY_HOURS old (24), keeping the BACKUP_KEEP newest (7). `npm run backup` writes to a directory given.
   */
  backup: { dir: string; keep: number; everyHours: number } | null;
  /**
   * Prometheus metrics (http/metrics.ts), off unless METRICS_TOKEN or METRICS_PORT is set: on METRICS_PORT (at
   * METRICS_HOST, 127.0.0.1 by default) when given, else at `/metrics` on the main port; a set token is required as
   * `Authorization: Bearer …` on either.
   */
  metrics: { token: string; port: number | null; host: string } | null;
}

/** METRICS_TOKEN / METRICS_PORT / METRICS_HOST; a port that is not one stops the start. */
export function parseMetrics(env: NodeJS.ProcessEnv): Config['metrics'] {
  const token = env.METRICS_TOKEN?.trim() ?? '';
  const portText = env.METRICS_PORT?.trim() ?? '';
  if (!token && !portText) return null;
  const port = portText ? Number(portText) : null;
  if (port !== null && !(Number.isInteger(port) && port >= 0 && port <= 65535))
    throw new Error(`METRICS_PORT: "${portText}" is not a port number`);
  return { token, port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

/**
 * argon2id memory per password hash in KiB (ARGON2_MEMORY_KIB): OWASP's minimum, 19 MiB, by default; a bigger server
 * may raise it, and the test runs lower it (thousands of sign-ups) — stored hashes carry their own parameters, so a
 * change never locks anyone out. Read once at start, outside the Config because hashing takes no ctx.
 */
export function passwordHashMemoryKib(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.ARGON2_MEMORY_KIB);
  return Number.isInteger(n) && n >= 64 && n <= 4_194_304 ? n : 19456;
}

/** The sign-in providers whose env vars are all set (the optional ones filled in when given). */
export function parseSigninProviders(env: NodeJS.ProcessEnv): Config['signinProviders'] {
  const keys: Record<string, Record<string, string>> = {
    vk: { clientId: 'VK_CLIENT_ID', clientSecret: 'VK_CLIENT_SECRET' },
    yandex: { clientId: 'YANDEX_CLIENT_ID', clientSecret: 'YANDEX_CLIENT_SECRET' },
    google: { clientId: 'GOOGLE_CLIENT_ID', clientSecret: 'GOOGLE_CLIENT_SECRET' },
    apple: {
      clientId: 'APPLE_CLIENT_ID',
      teamId: 'APPLE_TEAM_ID',
      keyId: 'APPLE_KEY_ID',
      privateKey: 'APPLE_PRIVATE_KEY',
    },
    twitter: { clientId: 'TWITTER_CLIENT_ID', clientSecret: 'TWITTER_CLIENT_SECRET' },
    facebook: { clientId: 'FACEBOOK_CLIENT_ID', clientSecret: 'FACEBOOK_CLIENT_SECRET' },
    telegram: { botToken: 'TELEGRAM_BOT_TOKEN' },
    oidc: { issuer: 'OIDC_ISSUER', clientId: 'OIDC_CLIENT_ID', clientSecret: 'OIDC_CLIENT_SECRET' },
  };
  const out: Config['signinProviders'] = {};
  for (const [provider, names] of Object.entries(keys)) {
    const given = Object.entries(names).map(([k, name]): [string, string] => [k, env[name]?.trim() ?? '']);
    if (given.some(([, value]) => !value)) continue;
    const values = Object.fromEntries(given);
    if (provider === 'oidc') values.name = env.OIDC_NAME?.trim() || 'OpenID';
    out[provider as keyof Config['signinProviders']] = values;
  }
  return out;
}

/** `TRUST_PROXY`: empty → trust nobody; digits → that many hops; else comma-separated addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const positiveInt = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
};

function readSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const config: Config = {
    roles: parseRoles(env.ROLES),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    replicas: {
      urls: (env.DATABASE_REPLICA_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      maxLagMs: positiveInt(env.REPLICA_MAX_LAG_MS, 2000),
      checkMs: positiveInt(env.REPLICA_CHECK_MS, 500),
    },
    jobsPollMs: env.JOBS_POLL_MS ? positiveInt(env.JOBS_POLL_MS, 500) : null,
    redisUrl: env.REDIS_URL ?? '',
    redisNamespace: env.REDIS_NAMESPACE ?? '',
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'Среда <noreply@localhost>',
    secret: env.SECRET ?? '',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitScale: Number(env.RATE_LIMIT_SCALE ?? 1),
    newAccountLinkReview: env.NEW_ACCOUNT_LINK_REVIEW !== '0',
    seed: (env.SEED ?? '1') !== '0',
    sharedCaches: env.NODE_ENV === 'production' && env.SHARED_CACHES !== '0',
    mediaBaseUrl: (env.MEDIA_BASE_URL ?? '/media').replace(/\/+$/, ''),
    countryHeader: (env.COUNTRY_HEADER ?? '').trim().toLowerCase(),
    uploadMaxMb: Number(env.UPLOAD_MAX_MB ?? 20),
    uploadMaxFiles: Number(env.UPLOAD_MAX_FILES ?? 10),
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT ?? '',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          accessKey: env.S3_ACCESS_KEY ?? '',
          secretKey: env.S3_SECRET_KEY ?? '',
        }
      : null,
    fetchAllowHosts: (env.FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    vapidSubject: env.VAPID_SUBJECT ?? 'mailto:admin@localhost',
    signinProviders: parseSigninProviders(env),
    dadata: env.DADATA_API_KEY
      ? {
          apiKey: env.DADATA_API_KEY,
          url: env.DADATA_URL ?? 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/party',
        }
      : null,
    cloudpayments:
      env.CLOUDPAYMENTS_PUBLIC_ID && env.CLOUDPAYMENTS_API_SECRET && env.CLOUDPAYMENTS_PUBLIC_KEY
        ? {
            publicId: env.CLOUDPAYMENTS_PUBLIC_ID,
            apiSecret: env.CLOUDPAYMENTS_API_SECRET,
            publicKey: env.CLOUDPAYMENTS_PUBLIC_KEY,
            keyVersion: env.CLOUDPAYMENTS_KEY_VERSION ?? '1',
            apiUrl: (env.CLOUDPAYMENTS_API_URL ?? 'https://api.cloudpayments.ru').replace(/\/+$/, ''),
          }
        : null,
    paymentsTestCashier: env.PAYMENTS_TEST_CASHIER === '1',
    checkAnswers: env.CHECK_ANSWERS === '1',
    backup: env.BACKUP_DIR
      ? {
          dir: path.resolve(env.BACKUP_DIR),
          keep: Math.max(1, Math.floor(Number(env.BACKUP_KEEP ?? 7)) || 7),
          everyHours: Math.max(1, Number(env.BACKUP_EVERY_HOURS ?? 24) || 24),
        }
      : null,
    metrics: parseMetrics(env),
    ...overrides,
  };
  if (!config.secret) config.secret = readSecret(config.dataDir);
  if (config.replicas.urls.length && !config.databaseUrl)
    throw new Error(
      'DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are streaming standbys of a PostgreSQL primary',
    );
  return config;
}
