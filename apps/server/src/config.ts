import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { WebhookSettings } from './features/api-access/webhook-deliveries.service.ts';
import type { StripeSettings } from './platform/billing/stripe-provider.ts';
import type { BackPressureSettings } from './platform/http/back-pressure.ts';
import type { TrustProxy } from './platform/http/http-server.ts';
import type { SlowClientSettings } from './platform/http/slow-clients.ts';
import { defaultRenderThreads, type PdfRenderSettings } from './platform/pdf/render-pool.ts';
import type { FileStorageSettings } from './platform/storage/configured-storage.ts';

const isProxyAddress = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

const trustProxySchema = z.string().transform((value, context): TrustProxy => {
  const trimmed = value.trim();
  if (trimmed === 'false') return false;
  if (trimmed === 'true') return 1;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: 'custom',
    message: 'must be false, true (one proxy), a hop count, or a comma-separated list of proxy IPs/CIDRs',
  });
  return z.NEVER;
});

/** ADMIN_EMAILS: a comma-separated list, compared case-insensitively; blanks are ignored. */
const adminEmailsSchema = z.string().transform((value, context): string[] => {
  const emails = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  const invalid = emails.filter((email) => !z.email().safeParse(email).success);
  if (invalid.length === 0) return emails;
  context.addIssue({ code: 'custom', message: `not an email address: ${invalid.join(', ')}` });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** HTTP processes on this machine (ADR 0095); 1: one process, as before. Default: half the cores, at most 4. */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('TradeCert <no-reply@tradecert.local>'),
  /** Where /contact messages are mailed; without SMTP_URL they land in the outbox like any mail. */
  SUPPORT_EMAIL: z.email().default('support@tradecert.local'),
  SIGNUP_DISABLED: z.enum(['true', 'false']).default('false'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  TRUST_PROXY: trustProxySchema.default(false),
  ADMIN_EMAILS: adminEmailsSchema.default([]),
  /** Days after sending that an unsigned link gets its one automatic reminder (links last 14). */
  SIGNING_REMINDER_DAYS: z.coerce.number().int().min(1).max(13).default(3),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  MIN_BODY_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /** A request body that brings less than the minimum rate (or nothing) for this long is cut off. */
  BODY_STALL_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).optional(),
  PDF_RENDER_THREADS: z.coerce.number().int().min(1).max(32).optional(),
  PDF_RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  PDF_RENDER_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(512),
  PDF_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(20),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must be a Stripe secret key (sk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_PRICE_MONTHLY: z.string().startsWith('price_', 'must be a Stripe price id (price_…)').optional(),
  STRIPE_PRICE_YEARLY: z.string().startsWith('price_', 'must be a Stripe price id (price_…)').optional(),
  /** Where the Stripe SDK sends its calls; only for tests and local stand-ins (default: Stripe's API). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  BILLING_TEST_MODE: z.enum(['true', 'false']).optional(),
  /** An operator's own sealing certificate and key (PKCS#12 file) instead of the one made at first start (ADR 0041). */
  PDF_SEAL_P12: z.string().min(1).optional(),
  PDF_SEAL_P12_PASSPHRASE: z.string().optional(),
  /** Where file bytes live: DATA_DIR/files (default) or an S3-compatible bucket (ADR 0043). */
  FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** The S3-compatible server (MinIO, Garage, B2…); unset: AWS S3 itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z, 0-9, dot and hyphen)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a region name, e.g. us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Default: true with S3_ENDPOINT (what self-hosted servers need), false for AWS. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** Bearer token /metrics asks for; unset, /metrics answers only callers on this machine (ADR 0046). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Mean event-loop delay (ms) past which new requests get 503 + Retry-After; 0 turns the check off. */
  BACKPRESSURE_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Requests waiting for a database connection past which new requests get 503; 0: off. Default 20 × pool. */
  BACKPRESSURE_DB_WAITING: z.coerce.number().int().min(0).max(100_000).optional(),
  /**
   * TESTS ONLY (ADR 0055): lets webhooks go to loopback (127.0.0.0/8, ::1), over plain http too, so a
   * test's receiver on this machine can take them. Never set it on a server: it opens the way to
   * services listening on the server's own loopback.
   */
  WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: z.enum(['0', '1']).default('0'),
});

type Env = z.infer<typeof envSchema>;

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** FILE_STORAGE=s3 needs a bucket and a region, and both keys or neither (the SDK's own chain, e.g. an AWS role). */
function fileStorageOf(values: Env): FileStorageSettings | string {
  if (values.FILE_STORAGE === 'disk') {
    // A bucket configured but not used would quietly keep files on this disk.
    const stray = S3_VARIABLES.filter((name) => values[name] !== undefined);
    return stray.length === 0 ? { driver: 'disk' } : `${stray.join(', ')} set without FILE_STORAGE=s3`;
  }
  const { S3_BUCKET: bucket, S3_REGION: region } = values;
  if (!bucket || !region) {
    return `FILE_STORAGE=s3 needs ${[bucket ? '' : 'S3_BUCKET', region ? '' : 'S3_REGION'].filter(Boolean).join(' and ')}`;
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together';
  }
  return {
    driver: 's3',
    s3: {
      bucket,
      region,
      endpoint: values.S3_ENDPOINT,
      forcePathStyle:
        values.S3_FORCE_PATH_STYLE === undefined
          ? values.S3_ENDPOINT !== undefined
          : values.S3_FORCE_PATH_STYLE === 'true',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    },
  };
}

/** Stripe when both keys are set; the price ids are then required too. One of the two keys alone is a mistake. */
function stripeSettingsOf(values: Env): StripeSettings | string | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = values;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret) return 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together';
  if (!values.STRIPE_PRICE_MONTHLY || !values.STRIPE_PRICE_YEARLY) {
    return 'STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY are required with the Stripe keys';
  }
  return {
    secretKey,
    webhookSecret,
    prices: { monthly: values.STRIPE_PRICE_MONTHLY, yearly: values.STRIPE_PRICE_YEARLY },
    apiUrl: values.STRIPE_API_URL ? new URL(values.STRIPE_API_URL) : undefined,
  };
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each server instance may hold open, shared among its HTTP processes (processShare). */
  databasePoolSize: number;
  /** HTTP processes serving the one port; above 1 a primary process supervises them (ADR 0095). */
  httpProcesses: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  /** Origin used in emailed links, e.g. https://app.example.com (no trailing slash). */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact messages are mailed (PRODUCT.md, Contact). */
  supportEmail: string;
  signupDisabled: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  trustProxy: TrustProxy;
  /** Accounts with the admin role, lowercased (PRODUCT.md, Plans). */
  adminEmails: string[];
  signingReminderDays: number;
  /** The PDF workers (platform/pdf/render-pool.ts). */
  pdfRendering: PdfRenderSettings;
  /** How long and how slowly a client may hold the server (platform/http/slow-clients.ts). */
  slowClients: SlowClientSettings;
  /** Undefined: billing runs in test mode where `billingTestMode`, else it is off. */
  stripe: StripeSettings | undefined;
  /**
   * Without Stripe keys: test mode (an in-app checkout that marks users Premium for nothing) on a
   * laptop, PUBLIC_URL unset or on localhost, or where BILLING_TEST_MODE=true; off anywhere else.
   */
  billingTestMode: boolean;
  /** The operator's PKCS#12 seal (PDF_SEAL_P12), read at start; undefined: the seal made at first start. */
  pdfSealP12: { bytes: Buffer; passphrase: string } | undefined;
  /** DATA_DIR/files, or the bucket FILE_STORAGE=s3 names (ADR 0043). */
  fileStorage: FileStorageSettings;
  /** What /metrics asks for as a Bearer token; undefined: loopback callers only. */
  metricsToken: string | undefined;
  /** When new requests are shed with 503 (platform/http/back-pressure.ts). */
  backPressure: BackPressureSettings;
  /** How webhooks are delivered (features/api-access; ADR 0055). */
  webhooks: WebhookSettings;
};

export class ConfigError extends Error {}

/** For a command: the configuration, or its one-line reason on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Parses the environment; throws ConfigError with a one-line, human-readable reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${reasons.join('; ')}`);
  }
  const values = parsed.data;
  const stripe = stripeSettingsOf(values);
  if (typeof stripe === 'string') throw new ConfigError(`Invalid configuration: ${stripe}`);
  const pdfSealP12 = pdfSealOf(values);
  const fileStorage = fileStorageOf(values);
  if (typeof fileStorage === 'string') throw new ConfigError(`Invalid configuration: ${fileStorage}`);
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    httpProcesses: values.SERVER_PROCESSES ?? defaultHttpProcesses(),
    logLevel: values.LOG_LEVEL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    signupDisabled: values.SIGNUP_DISABLED === 'true',
    jwtSecret: values.JWT_SECRET,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    trustProxy: values.TRUST_PROXY,
    adminEmails: values.ADMIN_EMAILS,
    signingReminderDays: values.SIGNING_REMINDER_DAYS,
    slowClients: {
      requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS * 1000,
      minBodyBytesPerSecond: values.MIN_BODY_BYTES_PER_SECOND,
      // A body is first judged after 5 s, or after the stall time if that is shorter.
      bodyGraceMs: Math.min(5_000, values.BODY_STALL_SECONDS * 1000),
      bodyStallMs: values.BODY_STALL_SECONDS * 1000,
      // Behind a proxy every client shares its address: no cap unless one is set.
      maxConnectionsPerIp: values.MAX_CONNECTIONS_PER_IP ?? (values.TRUST_PROXY === false ? 50 : 0),
    },
    pdfRendering: {
      threads: values.PDF_RENDER_THREADS ?? defaultRenderThreads(),
      timeoutMs: values.PDF_RENDER_TIMEOUT_SECONDS * 1000,
      memoryMb: values.PDF_RENDER_MEMORY_MB,
      queue: values.PDF_RENDER_QUEUE,
    },
    stripe,
    billingTestMode:
      values.BILLING_TEST_MODE === 'true' ||
      (values.BILLING_TEST_MODE === undefined && isLocalAddress(values.PUBLIC_URL)),
    pdfSealP12,
    fileStorage,
    metricsToken: values.METRICS_TOKEN,
    backPressure: {
      maxEventLoopDelayMs: values.BACKPRESSURE_EVENT_LOOP_DELAY_MS,
      maxDatabaseWaiting: values.BACKPRESSURE_DB_WAITING ?? 20 * values.DATABASE_POOL_SIZE,
      sampleIntervalMs: 1000,
    },
    webhooks: {
      allowLoopbackForTests: values.WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS === '1',
      // 6 attempts over about 15 minutes (30 s, 1, 2, 4 and 8 minutes apart), 10 s each.
      attempts: 6,
      retryDelaySeconds: 30,
      timeoutMs: 10_000,
      disableAfterFailedDeliveries: 5,
    },
  };
}

/**
 * Half the cores, at most 4: PostgreSQL needs the other half for the same requests. On 2 cores that
 * is one process, because a second one measured no faster there (ADR 0095).
 */
const MAX_DEFAULT_HTTP_PROCESSES = 4;

const defaultHttpProcesses = () =>
  Math.max(1, Math.min(MAX_DEFAULT_HTTP_PROCESSES, Math.floor(availableParallelism() / 2)));

/**
 * What one of `httpProcesses` HTTP processes may hold: the instance's database connections, PDF
 * threads and waiting limits are divided among them, so several processes open no more than one did
 * (ADR 0095). Each keeps at least one connection and one PDF thread.
 */
export function processShare(config: Config): Config {
  const processes = config.httpProcesses;
  if (processes === 1) return config;
  return {
    ...config,
    databasePoolSize: Math.max(1, Math.floor(config.databasePoolSize / processes)),
    pdfRendering: {
      ...config.pdfRendering,
      threads: Math.max(1, Math.floor(config.pdfRendering.threads / processes)),
      queue: Math.ceil(config.pdfRendering.queue / processes),
    },
    backPressure: {
      ...config.backPressure,
      maxDatabaseWaiting: Math.ceil(config.backPressure.maxDatabaseWaiting / processes),
    },
  };
}

/** PDF_SEAL_P12 names a readable file; its passphrase is checked when the app opens it (app.ts). */
function pdfSealOf(values: Env): Config['pdfSealP12'] {
  if (!values.PDF_SEAL_P12) {
    if (values.PDF_SEAL_P12_PASSPHRASE !== undefined) {
      throw new ConfigError('Invalid configuration: PDF_SEAL_P12_PASSPHRASE is set without PDF_SEAL_P12');
    }
    return undefined;
  }
  try {
    return { bytes: readFileSync(path.resolve(values.PDF_SEAL_P12)), passphrase: values.PDF_SEAL_P12_PASSPHRASE ?? '' };
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: PDF_SEAL_P12: cannot read ${values.PDF_SEAL_P12} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** A laptop: no PUBLIC_URL (so http://localhost:PORT), or one on this machine's own names. */
function isLocalAddress(publicUrl: string | undefined): boolean {
  if (!publicUrl) return true;
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}
