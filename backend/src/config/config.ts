import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { backupDirOf, backupEnvironment } from './backup.config.js';
import { adminPhone, booleanFlag } from './fields.js';
import { platformConfig, type PlatformConfig, platformEnvironment } from './platform.config.js';
import { storageConfig, type StorageConfig, storageEnvironment } from './storage.config.js';

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ message: 'expected an absolute URL such as https://menu.example.co.il' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  ...backupEnvironment,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'expected a redis:// URL')
    .optional(),
  // A KurrentDB (EventStoreDB) connection string: the event log goes there instead of PostgreSQL (decision 011).
  // Empty means unset, so a compose file can pass `${EVENTSTORE_URL:-}` through.
  EVENTSTORE_URL: z
    .string()
    .trim()
    .regex(
      /^((kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/\S+)?$/,
      'expected a KurrentDB connection string such as kurrentdb://kurrentdb:2113?tls=false',
    )
    .optional()
    .transform((value) => value || undefined),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Sign-in codes one phone may be sent in an hour (five by default); a staging site or a browser test suite that signs
  // the same owner in on many devices raises it.
  OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  ADMIN_PHONES: z
    .string()
    .default('0547654321')
    .transform((value) =>
      value
        .split(',')
        .map((phone) => phone.trim().replace(/[\s-]/g, ''))
        .filter(Boolean),
    )
    .pipe(z.array(adminPhone)),
  SMS_PROVIDER: z.enum(['log', 'inforu', '019']).default('log'),
  SMS_LOG_FILE: z.string().min(1).optional(),
  // InforU REST API v2 (SMS_PROVIDER=inforu): Basic auth with the account's user name and an API token.
  INFORU_USERNAME: z.string().trim().min(1).optional(),
  INFORU_API_TOKEN: z.string().trim().min(1).optional(),
  // Israeli rules: a sender name of up to 11 Latin letters or digits, or a whitelisted number of up to 14 digits.
  INFORU_SENDER: z
    .string()
    .trim()
    .regex(
      /^(?:[A-Za-z0-9]{1,11}|\d{1,14})$/,
      'expected up to 11 Latin letters or digits, or a number of up to 14 digits',
    )
    .optional(),
  INFORU_API_URL: z.url({ message: 'expected an absolute URL' }).default('https://capi.inforu.co.il'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'cardcom']).default('sandbox'),
  // Cardcom REST API v11 (PAYMENT_PROVIDER=cardcom): the platform's terminal, which charges every business that has
  // no terminal of its own. The API password is needed only to ask Cardcom for a document's link.
  CARDCOM_API_URL: z.url({ message: 'expected an absolute URL' }).default('https://secure.cardcom.solutions'),
  CARDCOM_TERMINAL_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'expected the terminal number')
    .optional(),
  CARDCOM_API_NAME: z.string().trim().min(1).optional(),
  CARDCOM_API_PASSWORD: z.string().trim().min(1).optional(),
  // Keys that encrypt stored secrets (a business terminal's ApiPassword, decision 026): `id:base64` of 32 bytes each,
  // comma separated. The first encrypts; the others only decrypt, until a start re-encrypts everything with the first.
  SECRETS_KEYS: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9_-]{1,40}:[A-Za-z0-9+/=_-]{43,44}(\s*,\s*[a-z0-9_-]{1,40}:[A-Za-z0-9+/=_-]{43,44})*$/,
      'expected id:base64key pairs (32-byte keys), comma separated',
    )
    .optional(),
  // How long a request's body may take to arrive before it is answered 408 and its socket closed; uploads (multipart)
  // get longer, a photo from a phone on a weak signal. Tests set a second. At most Node's own requestTimeout (300 s).
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(120_000),
  SEED_DEMO: booleanFlag.optional(),
  // Set by an image build; the admin's debug dialog shows it (else the package version and the build's time).
  BUILD_VERSION: z.string().trim().min(1).max(100).optional(),
  // warn by default: `npm start` shows the start banner, not Nest's route list and a JSON line per request, and the
  // cached public menu is answered in front of Fastify (decision 012). `info` logs every request (or take access logs
  // from the reverse proxy).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  FRONTEND_DIST: z.string().min(1).optional(),
  AGENT_DOWNLOADS_DIR: z.string().min(1).optional(),
  // Off by default: only behind a reverse proxy may X-Forwarded-For name the client (rate limits key on it).
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|(?=[^,]*[.:])[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'expected true, false or proxy addresses',
    )
    .optional(),
  // The marketing pixel's numeric id; unset (or empty) means no third-party script is ever loaded.
  MARKETING_PIXEL_ID: z
    .string()
    .trim()
    .regex(/^(\d{5,20})?$/, 'expected the numeric pixel id (5 to 20 digits)')
    .optional()
    .transform((value) => value || undefined),
  // Masav (מס"ב) credit files of the monthly payouts: the institution's codes as Masav assigned them. Optional: without
  // them the admin's Masav download answers that it is not configured; the CSV export still works.
  MASAV_INSTITUTION_CODE: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'expected the 8-digit institution code (מוסד/נושא)')
    .optional(),
  MASAV_SENDING_INSTITUTION: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'expected the 5-digit sending institution code')
    .optional(),
  MASAV_INSTITUTION_NAME: z
    .string()
    .trim()
    .min(1)
    .max(30, 'at most 30 characters (the header record field)')
    .optional(),
  ...platformEnvironment,
  ...storageEnvironment,
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Photos and logos: `dataDir`/uploads, or an S3-compatible bucket (STORAGE_URL, decision 060). */
  storage: StorageConfig;
  /** Backups go to BACKUP_DIR (else `dataDir/backups`); DAILY_BACKUP: the embedded default's own (not in tests). */
  backupDir: string;
  dailyBackup: boolean;
  /** Unset means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Unset means the event log is the `events` table of the database; set, it is this KurrentDB. */
  eventStoreUrl: string | undefined;
  jwtSecret: string;
  /** Sign-in codes one phone may be sent in an hour (OTP_SENDS_PER_HOUR). */
  otpSendsPerHour: number;
  adminPhones: string[];
  smsProvider: 'log' | 'inforu' | '019';
  smsLogFile: string;
  /** Set exactly when `smsProvider` is `inforu`. */
  inforu: InforuConfig | undefined;
  paymentProvider: 'sandbox' | 'cardcom';
  /** Set exactly when `paymentProvider` is `cardcom`. */
  cardcom: CardcomConfig | undefined;
  seedDemo: boolean;
  /** How long a body may take to arrive (BODY_TIMEOUT_MS), and an upload's (UPLOAD_BODY_TIMEOUT_MS). */
  bodyTimeoutMs: number;
  uploadBodyTimeoutMs: number;
  logLevel: string;
  buildVersion: string | undefined;
  frontendDist: string;
  /** The printing agent's packages (`npm run build` puts them in agent/dist/downloads), served under /downloads. */
  agentDownloadsDir: string;
  /** Fastify's `trustProxy`: false, true or the proxies' addresses. */
  trustProxy: boolean | string;
  /** Injected into the app's HTML as `<meta name="tafrit-pixel-id">` and allowed by the CSP, only when set. */
  marketingPixelId: string | undefined;
  /** Set when all three MASAV_* variables are; the Masav credit file needs them. */
  masav?: MasavConfig | undefined;
  /** The issuer of the platform's commission invoices (PLATFORM_NAME, PLATFORM_DEALER_NUMBER, PLATFORM_ADDRESS). */
  platform: PlatformConfig;
  /**
   * The keys of stored secrets, the first the one that encrypts (decision 026). The embedded default makes one beside
   * its data; with an external database or in production SECRETS_KEYS is required (the server does not start).
   */
  secretsKeys?: SecretKey[];
  /** The variables this was read from, for a module that reads its own at start (the Tax Authority's, decision 047). */
  environment?: Readonly<NodeJS.ProcessEnv>;
}

export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface MasavConfig {
  institutionCode: string;
  sendingInstitution: string;
  institutionName: string;
}

export interface InforuConfig {
  username: string;
  apiToken: string;
  sender: string;
  apiUrl: string;
}

export interface CardcomConfig {
  apiUrl: string;
  terminalNumber: string;
  apiName: string;
  apiPassword: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const englishErrors = z.locales.en().localeError;
const operatorMessage: z.core.$ZodErrorMap = (issue) => englishErrors?.(issue);

/**
 * Reads and validates the whole environment once. Every bad variable is reported together, so an operator fixes
 * them in one pass instead of one restart per mistake.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // In English for the operator: the global error map of contracts (zod-he.ts) speaks Hebrew to the product's users.
  const parsed = environmentSchema.safeParse(env, { error: operatorMessage });
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const embedded = !values.DATABASE_URL;
  const { storage, problems } = storageConfig(values);
  const missing = [...missingSecrets(values), ...problems];
  if (missing.length > 0) throw new ConfigError(missing);
  const inforu = inforuConfig(values);
  const jwtSecret = values.JWT_SECRET ?? readOrCreateSecret(dataDir);
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    dataDir,
    storage,
    backupDir: backupDirOf(env, dataDir),
    dailyBackup: embedded && (values.DAILY_BACKUP ?? values.NODE_ENV !== 'test'),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    eventStoreUrl: values.EVENTSTORE_URL,
    jwtSecret,
    otpSendsPerHour: values.OTP_SENDS_PER_HOUR,
    adminPhones: values.ADMIN_PHONES,
    smsProvider: values.SMS_PROVIDER,
    smsLogFile: resolve(values.SMS_LOG_FILE ?? join(dataDir, 'sms.log')),
    inforu,
    paymentProvider: values.PAYMENT_PROVIDER,
    cardcom: cardcomConfig(values),
    seedDemo: values.SEED_DEMO ?? embedded,
    bodyTimeoutMs: values.BODY_TIMEOUT_MS,
    uploadBodyTimeoutMs: values.UPLOAD_BODY_TIMEOUT_MS,
    logLevel: values.LOG_LEVEL,
    buildVersion: values.BUILD_VERSION,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    frontendDist: resolve(values.FRONTEND_DIST ?? new URL('../../../frontend/dist', import.meta.url).pathname),
    agentDownloadsDir: resolve(
      values.AGENT_DOWNLOADS_DIR ?? new URL('../../../agent/dist/downloads', import.meta.url).pathname,
    ),
    marketingPixelId: values.MARKETING_PIXEL_ID,
    masav: masavConfig(values),
    platform: platformConfig(values),
    secretsKeys: secretsKeys(values.SECRETS_KEYS, embedded ? dataDir : undefined),
    environment: env,
  };
}

/**
 * The secrets a server must be given rather than make itself: with an external database (several instances share
 * it, and a key made by one instance would be unknown to the others; lost, it takes every stored secret with it) and
 * in production. Both are listed together, so the operator sets them in one pass. Embedded and not in production,
 * each is generated once into DATA_DIR and kept there.
 */
function missingSecrets(values: z.output<typeof environmentSchema>): string[] {
  const because =
    values.NODE_ENV === 'production'
      ? 'required when NODE_ENV=production'
      : values.DATABASE_URL
        ? 'required when DATABASE_URL is set (several instances must share it)'
        : undefined;
  if (!because) return [];
  return [
    ...(values.JWT_SECRET ? [] : [`JWT_SECRET: ${because}`]),
    ...(values.SECRETS_KEYS
      ? []
      : [
          `SECRETS_KEYS: ${because}; it encrypts stored secrets (a business's Cardcom password, a diner's number for ` +
            'the ready SMS). One key: SECRETS_KEYS=k1:$(openssl rand -base64 32)',
        ]),
  ];
}

function secretsKeys(value: string | undefined, embeddedDataDir: string | undefined): SecretKey[] | undefined {
  if (value) {
    const keys = value.split(',').map((pair) => {
      const [id, encoded] = pair.trim().split(':') as [string, string];
      return { id, key: Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64') };
    });
    const bad = keys.filter((entry) => entry.key.length !== 32).map((entry) => entry.id);
    if (bad.length > 0) throw new ConfigError([`SECRETS_KEYS: keys ${bad.join(', ')} are not 32 bytes`]);
    if (new Set(keys.map((entry) => entry.id)).size !== keys.length) {
      throw new ConfigError(['SECRETS_KEYS: each key needs its own id']);
    }
    return keys;
  }
  if (!embeddedDataDir) return undefined;
  // The embedded default keeps a generated key beside its data (like its JWT secret): a copy of ./data carries both.
  const file = join(embeddedDataDir, 'secrets-key');
  if (!existsSync(file)) {
    mkdirSync(embeddedDataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return [{ id: 'local', key: Buffer.from(readFileSync(file, 'utf8').trim(), 'base64') }];
}

/** All three or none: half a Masav configuration would only show when the admin downloads the file. */
function masavConfig(values: z.output<typeof environmentSchema>): MasavConfig | undefined {
  const given = {
    MASAV_INSTITUTION_CODE: values.MASAV_INSTITUTION_CODE,
    MASAV_SENDING_INSTITUTION: values.MASAV_SENDING_INSTITUTION,
    MASAV_INSTITUTION_NAME: values.MASAV_INSTITUTION_NAME,
  };
  const missing = Object.entries(given).filter(([, value]) => !value);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(missing.map(([name]) => `${name}: required when any MASAV_* variable is set`));
  }
  return {
    institutionCode: given.MASAV_INSTITUTION_CODE as string,
    sendingInstitution: given.MASAV_SENDING_INSTITUTION as string,
    institutionName: given.MASAV_INSTITUTION_NAME as string,
  };
}

/** The gateway's credentials are checked at start: a missing one would only show when an owner asks for a code. */
function inforuConfig(values: z.output<typeof environmentSchema>): InforuConfig | undefined {
  if (values.SMS_PROVIDER === '019') {
    throw new ConfigError(['SMS_PROVIDER: 019 is not available yet, use log or inforu']);
  }
  if (values.SMS_PROVIDER !== 'inforu') return undefined;
  const { INFORU_USERNAME: username, INFORU_API_TOKEN: apiToken, INFORU_SENDER: sender } = values;
  if (!username || !apiToken || !sender) {
    const missing = { INFORU_USERNAME: username, INFORU_API_TOKEN: apiToken, INFORU_SENDER: sender };
    throw new ConfigError(
      Object.entries(missing)
        .filter(([, value]) => !value)
        .map(([name]) => `${name}: required when SMS_PROVIDER=inforu`),
    );
  }
  return { username, apiToken, sender, apiUrl: values.INFORU_API_URL.replace(/\/$/, '') };
}

function cardcomConfig(values: z.output<typeof environmentSchema>): CardcomConfig | undefined {
  if (values.PAYMENT_PROVIDER !== 'cardcom') return undefined;
  const { CARDCOM_TERMINAL_NUMBER: terminalNumber, CARDCOM_API_NAME: apiName } = values;
  if (!terminalNumber || !apiName) {
    throw new ConfigError(
      Object.entries({ CARDCOM_TERMINAL_NUMBER: terminalNumber, CARDCOM_API_NAME: apiName })
        .filter(([, value]) => !value)
        .map(([name]) => `${name}: required when PAYMENT_PROVIDER=cardcom`),
    );
  }
  return {
    apiUrl: values.CARDCOM_API_URL.replace(/\/$/, ''),
    terminalNumber,
    apiName,
    apiPassword: values.CARDCOM_API_PASSWORD,
  };
}

/** The embedded mode keeps its signing secret beside its data, so tokens survive a restart without any set-up. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}
