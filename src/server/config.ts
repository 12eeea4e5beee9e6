import { z } from "zod";
import { ACCESS_TOKEN_LIFETIME_HOURS, REFRESH_TOKEN_LIFETIME_DAYS } from "../shared/constants";
import type { RuntimeConfig } from "../shared/contract/config";
import { type LimitsConfig, LimitsEnv, limitsConfig } from "./limits-config";
import type { MailConfig } from "./services/mail/mailer";
import type { SmsConfig } from "./services/sms/provider";
import { DEFAULT_TEMPLATES, templateProblem } from "./services/sms/template";
import type { WebhookSettings } from "./services/webhooks/settings";

/**
 * The one place that reads environment variables. Everything else receives a ServerConfig,
 * so tests build one with `loadConfig({...})` instead of touching process.env.
 */
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? fallback : ["true", "1", "yes", "on"].includes(value),
    );

const int = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const Env = z.object({
  NODE_ENV: z.string().optional(),
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default("0.0.0.0"),
  REFRESH_INTERVAL: int(10, 1, 86_400),
  SMS_ENABLED: flag(true),
  PACKING_LIST_ENABLED: flag(false),
  SSO_VISIBLE: flag(false),
  /** Single sign-on over OpenID Connect (domain/sso); no SSO_ISSUER: sso/login answers 404. */
  SSO_ISSUER: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/\S+$/i.test(value),
    {
      message: "SSO_ISSUER must be an http(s) URL",
    },
  ),
  SSO_CLIENT_ID: optionalText,
  SSO_CLIENT_SECRET: optionalText,
  /** The ID token claim holding the Yardline username. */
  SSO_USER_CLAIM: z.string().trim().min(1).default("preferred_username"),
  /** Absolute callback URL registered with the provider; unset: <request origin>/sso/callback. */
  SSO_REDIRECT_URI: optionalText,
  API_BASE: z.string().default("/"),
  INDICATORS_BASE: z.string().default(""),
  /** Language of a device with no choice stored (spec: default language es). */
  DEFAULT_LOCALE: z.enum(["es", "en", "pt"]).default("es"),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().min(1).default("./data"),
  /** worker: PGlite in a thread of its own (db/pglite.ts); inline: in the server's thread. */
  PGLITE_THREAD: z.enum(["worker", "inline"]).default("worker"),
  JWT_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: "JWT_SECRET must be at least 32 characters",
  }),
  /** Number of reverse proxies in front of the server (for the client IP used by rate limits). */
  TRUST_PROXY: int(0, 0, 10),
  BODY_LIMIT_BYTES: int(1_048_576, 1024, 100 * 1_048_576),
  /** log2 of the scrypt cost parameter N. */
  PASSWORD_HASH_COST: int(17, 10, 20),
  LOGIN_MAX_FAILURES_PER_USER: int(10, 1, 10_000),
  LOGIN_MAX_FAILURES_PER_IP: int(50, 1, 100_000),
  LOGIN_WINDOW_SECONDS: int(900, 1, 86_400),
  /** Password hashes running at once, waiting at most, and how long one may wait (ms). */
  PASSWORD_HASH_CONCURRENCY: int(2, 1, 64),
  PASSWORD_HASH_QUEUE: int(32, 0, 10_000),
  PASSWORD_HASH_WAIT_MS: int(3000, 10, 60_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Requests slower than this are logged at warn (0: every request). */
  LOG_SLOW_MS: int(500, 0, 3_600_000),
  STATIC_DIR: z.string().min(1).default("./dist"),
  /** Strict-Transport-Security: only when the site is served over TLS. */
  HSTS_ENABLED: flag(false),
  /** Comment frames on /api/events, so proxies and clients see a live stream. */
  EVENTS_HEARTBEAT_SECONDS: int(25, 1, 3600),
  /** SMS to drivers (services/sms): log (default) writes them to the log; http sends them. */
  SMS_PROVIDER: z.enum(["log", "http"]).default("log"),
  SMS_FROM: z.string().trim().max(20).default("Yardline"),
  SMS_HTTP_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^\s]+$/i.test(value),
    { message: "SMS_HTTP_URL must be an http(s) URL" },
  ),
  SMS_HTTP_METHOD: z
    .string()
    .default("POST")
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(["POST", "PUT", "GET"])),
  SMS_HTTP_CONTENT_TYPE: z.enum(["json", "form"]).default("json"),
  SMS_HTTP_BODY_TEMPLATE: optionalText,
  SMS_HTTP_USERNAME: optionalText,
  SMS_HTTP_PASSWORD: z.string().optional(),
  SMS_HTTP_TOKEN: optionalText,
  SMS_HTTP_TIMEOUT_MS: int(10_000, 100, 120_000),
  /** Mail over SMTP (services/mail/mailer.ts); no SMTP_HOST: mail is off. */
  SMTP_HOST: optionalText,
  SMTP_PORT: int(587, 1, 65535),
  SMTP_SECURE: flag(false),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().trim().min(3).max(254).default("Yardline <no-reply@localhost>"),
  SMTP_TIMEOUT_MS: int(20_000, 100, 300_000),
  /** Public contact form (routes/contact): where requests are mailed, per-address limit. */
  CONTACT_MAIL_TO: optionalText,
  CONTACT_MAX_PER_HOUR: int(5, 0, 100_000),
  CONTACT_MIN_FILL_SECONDS: int(3, 0, 3600),
  /** Attachment files (services/storage): a directory, by default DATA_DIR/attachments. */
  ATTACHMENTS_DIR: optionalText,
  ATTACHMENT_MAX_BYTES: int(50 * 1_048_576, 1024, 2 * 1024 * 1_048_576),
  /** demo (default): demo data and logins; production: no demo, secrets checked at start. */
  YARDLINE_MODE: z.enum(["demo", "production"]).default("demo"),
  /** The first admin of a production install (startup/first-admin.ts, npm run create-admin). */
  YARDLINE_ADMIN_USERNAME: z.string().trim().min(1).max(150).default("admin"),
  YARDLINE_ADMIN_PASSWORD: z.string().optional(),
  YARDLINE_ADMIN_EMAIL: z.string().trim().max(254).default(""),
  YARDLINE_ADMIN_COMPANY: z.string().trim().min(1).max(150).default("Yardline"),
  /** Prometheus /metrics: off while unset; set, it answers only `Authorization: Bearer <it>`. */
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: "METRICS_TOKEN must be at least 16 characters",
  }),
  /** Webhooks (domain/webhooks): run the delivery worker here; let URLs be http or private. */
  WEBHOOK_WORKER: flag(true),
  WEBHOOK_ALLOW_HTTP: flag(false),
  WEBHOOK_ALLOW_PRIVATE: flag(false),
  WEBHOOK_TIMEOUT_MS: int(10_000, 100, 60_000),
  WEBHOOK_POLL_MS: int(1000, 10, 60_000),
  WEBHOOK_CONCURRENCY: int(32, 1, 256),
  WEBHOOK_PER_ENDPOINT: int(8, 1, 256),
  WEBHOOK_RETRY_BASE_MS: int(5000, 1, 3_600_000),
  WEBHOOK_RETRY_MAX_MS: int(6 * 3_600_000, 1, 86_400_000),
  WEBHOOK_GIVE_UP_HOURS: int(72, 0, 24 * 30),
  /** Where attachment bytes live: dir, postgres or s3 (unset: postgres with DATABASE_URL, else dir). */
  ATTACHMENTS_STORAGE: z.enum(["dir", "postgres", "s3", ""]).optional(),
  /** The S3-compatible object store of ATTACHMENTS_STORAGE=s3 (services/storage/s3-storage.ts). */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/\S+$/i.test(value),
    { message: "S3_ENDPOINT must be an http(s) URL" },
  ),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PREFIX: z.string().trim().default("attachments/"),
  ...LimitsEnv.shape,
});

export interface RateLimitConfig {
  /** Failed logins allowed per username and IP address within the window. */
  maxFailuresPerUser: number;
  /** Failed logins allowed per IP address within the window. */
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export interface HashQueueConfig {
  concurrency: number;
  maxWaiting: number;
  maxWaitMs: number;
}

export interface AdminConfig {
  username: string;
  /** Unset: no admin is created at start (npm run create-admin asks for one). */
  password: string | undefined;
  email: string;
  /** The company the first admin works in (created when missing). */
  company: string;
}

export interface ServerConfig {
  /** demo: `npm start`, demo data and logins; production: startup/production-checks.ts. */
  mode: "demo" | "production";
  /** The first admin (YARDLINE_ADMIN_*). */
  admin: AdminConfig;
  /** Bearer token of GET /metrics; undefined: the endpoint answers 404. */
  metricsToken: string | undefined;
  port: number;
  host: string;
  /** PostgreSQL URL; when undefined, PGlite in `dataDir` ("memory://" keeps it in memory). */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where PGlite runs: a worker thread of its own (the default), or the server's thread. */
  pgliteThread: "worker" | "inline";
  /** HS256 secret; when undefined one is generated once and kept in the settings table. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  trustProxy: number;
  bodyLimit: number;
  passwordHashCost: number;
  rateLimit: RateLimitConfig;
  /** Bounds on concurrent password hashing (auth/hash-queue.ts). */
  hashQueue: HashQueueConfig;
  logLevel: string;
  /** Requests slower than this (ms) are logged at warn (plugins/request-log.ts). */
  logSlowMs: number;
  staticDir: string;
  /** Send Strict-Transport-Security (the site is served over TLS). */
  hstsEnabled: boolean;
  /** Heartbeat period of the live-events stream (GET /api/events). */
  eventsHeartbeatMs: number;
  sms: SmsConfig;
  /** SMTP for outgoing mail (host undefined: mail is off). */
  mail: MailConfig;
  /**
   * Contact form: addresses each request is mailed to (none: stored only), requests one client
   * address may send per hour (0: no limit), and the least time a person takes to fill it in.
   */
  contact: { mailTo: string[]; maxPerHour: number; minFillMs: number };
  /**
   * Attachment files: `dir` (undefined: DATA_DIR/attachments, or a fresh temporary directory
   * when the database is in memory) and the largest file accepted.
   */
  attachments: { dir: string | undefined; maxBytes: number };
  /** Where attachment bytes live (services/storage/create-storage.ts); tests default to dir. */
  storage: StorageConfig;
  /** Abuse limits: request timeout, idempotency wait, SMS rates, streams per session. */
  limits: LimitsConfig;
  /** Single sign-on (OpenID Connect); undefined when SSO_ISSUER is not set. */
  sso: SsoConfig | undefined;
  /** Webhook deliveries: the worker, the allowed targets, time-outs and back-off. */
  webhooks: WebhookSettings;
  runtime: RuntimeConfig;
}

export type StorageKind = "dir" | "postgres" | "s3";
export const STORAGE_KINDS: readonly StorageKind[] = ["dir", "postgres", "s3"];

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own credential chain (AWS_* variables, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Bucket in the path (MinIO, most self-hosted stores), not in the host name. */
  forcePathStyle: boolean;
  /** Prefix of every object key ("attachments/"). */
  prefix: string;
}

export interface StorageConfig {
  kind: StorageKind;
  /** Set when S3_BUCKET is: the store of kind s3, and of `storage:migrate --to s3`. */
  s3: S3Config | undefined;
}

export interface SsoConfig {
  /** Issuer URL; its /.well-known/openid-configuration is read at the first sign-in. */
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only). */
  clientSecret: string | undefined;
  /** ID token claim naming the Yardline user (default preferred_username). */
  userClaim: string;
  /** Callback URL registered with the provider; undefined: the request's origin + /sso/callback. */
  redirectUri: string | undefined;
}

export type EnvSource = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The SMS provider's settings; an http provider that cannot work stops the server at start. */
function smsConfig(e: z.infer<typeof Env>): SmsConfig {
  if (e.SMS_PROVIDER === "log") return { provider: "log", from: e.SMS_FROM };
  const problems: string[] = [];
  if (!e.SMS_HTTP_URL) problems.push("SMS_HTTP_URL is required when SMS_PROVIDER is http");
  if (e.SMS_HTTP_TOKEN && e.SMS_HTTP_USERNAME) {
    problems.push("set SMS_HTTP_TOKEN (Bearer) or SMS_HTTP_USERNAME/PASSWORD (Basic), not both");
  }
  if (e.SMS_HTTP_USERNAME && e.SMS_HTTP_PASSWORD === undefined) {
    problems.push("SMS_HTTP_PASSWORD is required with SMS_HTTP_USERNAME");
  }
  if (e.SMS_HTTP_METHOD === "GET" && e.SMS_HTTP_CONTENT_TYPE === "json") {
    problems.push(
      "SMS_HTTP_METHOD GET sends the template as the query: use SMS_HTTP_CONTENT_TYPE form",
    );
  }
  const bodyTemplate = e.SMS_HTTP_BODY_TEMPLATE ?? DEFAULT_TEMPLATES[e.SMS_HTTP_CONTENT_TYPE];
  const problem = templateProblem(bodyTemplate, e.SMS_HTTP_CONTENT_TYPE);
  if (problem) problems.push(problem);
  if (problems.length > 0 || !e.SMS_HTTP_URL) {
    throw new ConfigError(`Invalid environment: ${problems.join("; ")}`);
  }
  return {
    provider: "http",
    from: e.SMS_FROM,
    http: {
      url: e.SMS_HTTP_URL,
      method: e.SMS_HTTP_METHOD,
      contentType: e.SMS_HTTP_CONTENT_TYPE,
      bodyTemplate,
      timeoutMs: e.SMS_HTTP_TIMEOUT_MS,
      auth: e.SMS_HTTP_TOKEN
        ? { kind: "bearer", token: e.SMS_HTTP_TOKEN }
        : e.SMS_HTTP_USERNAME
          ? { kind: "basic", username: e.SMS_HTTP_USERNAME, password: e.SMS_HTTP_PASSWORD ?? "" }
          : { kind: "none" },
    },
  };
}

/** The OpenID provider's settings; an issuer without its client stops the server at start. */
/** The storage kind (default: the database's), and the object store when one is named. */
function storageConfig(e: z.infer<typeof Env>): StorageConfig {
  const kind = e.ATTACHMENTS_STORAGE || (e.DATABASE_URL ? "postgres" : "dir");
  if (kind === "s3" && !e.S3_BUCKET) {
    throw new ConfigError("Invalid environment: S3_BUCKET is required with ATTACHMENTS_STORAGE=s3");
  }
  const s3 = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_PREFIX,
      }
    : undefined;
  return { kind, s3 };
}

function ssoConfig(e: z.infer<typeof Env>): SsoConfig | undefined {
  if (!e.SSO_ISSUER) return undefined;
  if (!e.SSO_CLIENT_ID) {
    throw new ConfigError("Invalid environment: SSO_CLIENT_ID is required with SSO_ISSUER");
  }
  return {
    issuer: e.SSO_ISSUER,
    clientId: e.SSO_CLIENT_ID,
    clientSecret: e.SSO_CLIENT_SECRET,
    userClaim: e.SSO_USER_CLAIM,
    redirectUri: e.SSO_REDIRECT_URI,
  };
}

export function loadConfig(env: EnvSource = process.env): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new ConfigError(`Invalid environment: ${details}`);
  }
  const e = parsed.data;
  return {
    mode: e.YARDLINE_MODE,
    admin: {
      username: e.YARDLINE_ADMIN_USERNAME,
      password: e.YARDLINE_ADMIN_PASSWORD === "" ? undefined : e.YARDLINE_ADMIN_PASSWORD,
      email: e.YARDLINE_ADMIN_EMAIL,
      company: e.YARDLINE_ADMIN_COMPANY,
    },
    metricsToken: e.METRICS_TOKEN,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    pgliteThread: e.PGLITE_THREAD,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: ACCESS_TOKEN_LIFETIME_HOURS * 3600,
    refreshTokenTtlSeconds: REFRESH_TOKEN_LIFETIME_DAYS * 24 * 3600,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    passwordHashCost: e.PASSWORD_HASH_COST,
    rateLimit: {
      maxFailuresPerUser: e.LOGIN_MAX_FAILURES_PER_USER,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    hashQueue: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: e.PASSWORD_HASH_QUEUE,
      maxWaitMs: e.PASSWORD_HASH_WAIT_MS,
    },
    logLevel: e.LOG_LEVEL,
    logSlowMs: e.LOG_SLOW_MS,
    staticDir: e.STATIC_DIR,
    hstsEnabled: e.HSTS_ENABLED,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_SECONDS * 1000,
    sms: smsConfig(e),
    mail: {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      secure: e.SMTP_SECURE,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      from: e.MAIL_FROM,
      timeoutMs: e.SMTP_TIMEOUT_MS,
    },
    contact: {
      mailTo: (e.CONTACT_MAIL_TO ?? "")
        .split(",")
        .map((address) => address.trim())
        .filter(Boolean),
      maxPerHour: e.CONTACT_MAX_PER_HOUR,
      minFillMs: e.CONTACT_MIN_FILL_SECONDS * 1000,
    },
    attachments: { dir: e.ATTACHMENTS_DIR, maxBytes: e.ATTACHMENT_MAX_BYTES },
    storage: storageConfig(e),
    limits: limitsConfig(e),
    sso: ssoConfig(e),
    webhooks: {
      worker: e.WEBHOOK_WORKER,
      allowHttp: e.WEBHOOK_ALLOW_HTTP,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      pollMs: e.WEBHOOK_POLL_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      perEndpoint: e.WEBHOOK_PER_ENDPOINT,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      giveUpAfterMs: e.WEBHOOK_GIVE_UP_HOURS * 3_600_000,
    },
    runtime: {
      port: e.PORT,
      refreshInterval: e.REFRESH_INTERVAL,
      smsEnabled: e.SMS_ENABLED,
      packingListEnabled: e.PACKING_LIST_ENABLED,
      ssoVisible: e.SSO_VISIBLE,
      apiBase: e.API_BASE.endsWith("/") ? e.API_BASE : `${e.API_BASE}/`,
      indicatorsBase: e.INDICATORS_BASE,
      defaultLocale: e.DEFAULT_LOCALE,
    },
  };
}
