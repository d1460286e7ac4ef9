import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPgliteSharedBuffersMb, privateDirectoryMode, privateFileMode } from '@clube/db';
import { z } from 'zod';
import { generateVapidKeys } from './lib/push/vapid';

// src/ and dist/ are both one folder below apps/api, so these paths hold for the sources (dev,
// tests) and for the bundle (npm start) alike.
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** PostgreSQL connections per process unless DATABASE_POOL_SIZE says otherwise. */
export const defaultDatabasePoolSize = 10;
/** API requests worked on at once per process unless REQUEST_CONCURRENCY says otherwise. */
export const defaultRequestConcurrency = 3;

/** Named ranges the proxy-address matcher understands besides addresses and CIDRs. */
const namedProxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (`10.0.0.5`, `::1`), a CIDR (`10.0.0.0/8`) or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (namedProxyRanges.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client address through X-Forwarded-For. `true` used to trust every
 * hop, so a client could write its own left-most entry and dodge the per-address login limit: it
 * is refused, not guessed, because the right replacement depends on how many proxies there are.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .superRefine((value, context) => {
    if (value === 'false' || value === '' || /^\d{1,2}$/.test(value)) return;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'true confiaria no X-Forwarded-For escrito pelo cliente; use o número de proxies à frente do servidor (ex.: 1) ou os endereços deles (ex.: 10.0.0.5,10.0.0.0/8)',
      });
      return;
    }
    const invalid = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `deve ser false, um número de proxies (ex.: 1) ou endereços/CIDRs separados por vírgula; inválido: ${invalid.join(', ')}`,
      });
    }
  })
  .transform((value): TrustProxy => {
    if (value === 'false' || value === '') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    return value.split(',').map((entry) => entry.trim());
  });

/**
 * `false`: the socket address is the client. A number: that many proxies sit in front of the
 * server, so the client is that many hops from the right of X-Forwarded-For. A list: only peers
 * at those addresses are proxies.
 */
export type TrustProxy = false | number | string[];

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(defaultDatabasePoolSize),
    /** API requests worked on at once by this process; the rest wait, writes first. */
    REQUEST_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(defaultRequestConcurrency),
    /** A request waiting longer than this for its turn answers 503 (and the process is not ready). */
    REQUEST_QUEUE_MAX_WAIT_S: z.coerce.number().int().min(1).max(3600).default(30),
    /** An answer its client has taken nothing of for this long drops the connection (not a long one that flows). */
    SEND_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(30),
    /** Answers say where their time went (Server-Timing: before, in and after the queue). */
    SERVER_TIMING: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    PGLITE_SHARED_BUFFERS_MB: z.coerce
      .number()
      .int()
      .min(8)
      .max(4096)
      .default(defaultPgliteSharedBuffersMb),
    JWT_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url('cada origem deve ser uma URL, ex.: https://clube.example.com'))),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    /** Behind reverse proxies, whose X-Forwarded-For entries give the client address. */
    TRUST_PROXY: trustProxySchema,
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'deve começar com redis://')
      .optional(),
    /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
    REDIS_PREFIX: z.string().default('clube:'),
    /** Mail server the outbox sends through; without it messages are kept for Mensagens. */
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\//,
        'deve começar com smtp:// ou smtps:// (ex.: smtp://usuario:senha@smtp.exemplo.com:587)',
      )
      .optional(),
    /** Sender of every message: an address, or `Nome <endereço>`. */
    MAIL_FROM: z
      .string()
      .trim()
      .regex(
        /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'deve ser um e-mail (ex.: Clube <reservas@clube.com.br>)',
      )
      .default('Clube Reservas <nao-responda@localhost>'),
    /** Address members and staff open the links of messages at (the server as the public sees it). */
    PUBLIC_URL: z
      .url('deve ser uma URL, ex.: https://reservas.clube.com.br')
      .regex(/^https?:\/\//, 'deve começar com http:// ou https://')
      .optional(),
    /** Web Push (VAPID) keys, base64url; absent: generated into DATA_DIR (embedded database). */
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'deve ser uma chave pública P-256 em base64url (87 caracteres)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'deve ser uma chave privada P-256 em base64url (43 caracteres)')
      .optional(),
    /** Who the push services may contact about this server: mailto: or https:. */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        'deve ser mailto:endereço ou uma URL https:// (ex.: mailto:secretaria@clube.com.br)',
      )
      .optional(),
    /**
     * Prometheus metrics on a port of their own (never the API's, so nginx and the public never
     * reach them); absent: no metrics.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Address the metrics listen on: this machine only unless the scraper is elsewhere. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Seed the demo club on the first start of an empty embedded database. */
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, context) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'deve ser outra porta que PORT: as métricas não passam pelo proxy público',
      });
    }
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'obrigatório quando DATABASE_URL está definido (todos os processos o partilham)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message:
          'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY são dadas juntas (npx web-push generate-vapid-keys)',
      });
    }
  });

/** A Web Push (VAPID) key pair, base64url. */
export type VapidKeys = { publicKey: string; privateKey: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database:
    | { driver: 'postgres'; url: string; poolSize: number }
    | { driver: 'pglite'; dataDir: string; sharedBuffersMb: number };
  /** Absent only with PGlite: then `resolveJwtSecret` keeps a generated one in DATA_DIR. */
  jwtSecret: string | undefined;
  /** API requests worked on at once by this process (plugins/admission.ts). */
  requestConcurrency: number;
  /** A request waiting longer than this (ms) is shed with 503 (plugins/admission.ts). */
  requestQueueMaxWaitMs: number;
  /** An answer not taken by its client within this (ms) drops the connection (plugins/admission.ts). */
  sendTimeoutMs: number;
  /** A Server-Timing header on every queued API answer (plugins/admission.ts). */
  serverTiming: boolean;
  corsOrigins: string[];
  logLevel: (typeof logLevels)[number];
  trustProxy: TrustProxy;
  redisUrl: string | undefined;
  redisPrefix: string;
  seedDemo: boolean;
  /** Where Prometheus scrapes this process (plugins/metrics.ts); undefined: metrics off. */
  metrics: { port: number; host: string } | undefined;
  /** The outbox's mail server (nodemailer URL); undefined keeps messages for Mensagens. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of the links in messages, without a trailing slash. */
  publicUrl: string;
  /** Web Push keys given by the environment; absent: see `resolveVapidKeys`. */
  vapidKeys: VapidKeys | undefined;
  /** The VAPID `sub` claim: VAPID_SUBJECT, or mailto: the sender address of MAIL_FROM. */
  vapidSubject: string;
  /**
   * Accept push endpoints over plain http (the tests' local push service). Never from the
   * environment: a real push service is always https.
   */
  pushHttpEndpoints: boolean;
  uploadsDir: string;
  webDistDir: string;
  migrationsDir: string;
};

/**
 * Connections the system may hold for the server before it accepts them (the listen backlog;
 * the system caps it at net.core.somaxconn). When a club opens its booking window, members'
 * phones connect by the thousand within a second: Node's default of 511 overflowed then, and
 * each connection dropped there waited a second for the client to try again.
 */
export const connectionBacklog = 4096;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; every bad variable is listed, not only the first. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database: values.DATABASE_URL
      ? { driver: 'postgres', url: values.DATABASE_URL, poolSize: values.DATABASE_POOL_SIZE }
      : {
          driver: 'pglite',
          dataDir: join(dataDir, 'db'),
          sharedBuffersMb: values.PGLITE_SHARED_BUFFERS_MB,
        },
    jwtSecret: values.JWT_SECRET,
    requestConcurrency: values.REQUEST_CONCURRENCY,
    requestQueueMaxWaitMs: values.REQUEST_QUEUE_MAX_WAIT_S * 1000,
    sendTimeoutMs: values.SEND_TIMEOUT_S * 1000,
    serverTiming: values.SERVER_TIMING,
    corsOrigins: values.CORS_ORIGINS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    seedDemo: values.SEED_DEMO,
    metrics:
      values.METRICS_PORT === undefined
        ? undefined
        : { port: values.METRICS_PORT, host: values.METRICS_HOST },
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: (
      values.PUBLIC_URL ??
      `http://${values.HOST === '0.0.0.0' || values.HOST === '::' ? 'localhost' : values.HOST}:${values.PORT}`
    ).replace(/\/+$/, ''),
    vapidKeys:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject:
      values.VAPID_SUBJECT ??
      `mailto:${/<([^<>]+)>/.exec(values.MAIL_FROM)?.[1] ?? values.MAIL_FROM}`,
    pushHttpEndpoints: false,
    uploadsDir: join(dataDir, 'uploads'),
    webDistDir: join(repositoryRoot, 'apps/web/dist'),
    migrationsDir: join(repositoryRoot, 'packages/db/drizzle'),
  };
}

/** The configured secret, or (embedded database only) one generated once and kept in DATA_DIR. */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true, mode: privateDirectoryMode });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: privateFileMode });
  chmodSync(file, privateFileMode);
  return secret;
}

/**
 * The Web Push keys: the configured ones, or (embedded database only) a pair generated once and
 * kept in DATA_DIR/vapid-keys.json. Undefined with PostgreSQL and no keys given: every process
 * must sign with the same pair the members' browsers subscribed with, so push stays off rather
 * than each process inventing its own.
 */
export function resolveVapidKeys(config: Config): VapidKeys | undefined {
  if (config.vapidKeys) return config.vapidKeys;
  if (config.database.driver === 'postgres') return undefined;
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(config.dataDir, { recursive: true, mode: privateDirectoryMode });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: privateFileMode });
  chmodSync(file, privateFileMode);
  return keys;
}
