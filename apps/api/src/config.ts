import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPgliteSharedBuffersMb, privateDirectoryMode, privateFileMode } from '@clube/db';
import { z } from 'zod';

// src/ and dist/ are both one folder below apps/api, so these paths hold for the sources (dev,
// tests) and for the bundle (npm start) alike.
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
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
    /** Behind a reverse proxy, trust X-Forwarded-For for the client address (rate limits). */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'deve começar com redis://')
      .optional(),
    /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
    REDIS_PREFIX: z.string().default('clube:'),
    /** Seed the demo club on the first start of an empty embedded database. */
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, context) => {
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'obrigatório quando DATABASE_URL está definido (todos os processos o partilham)',
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database:
    | { driver: 'postgres'; url: string; poolSize: number }
    | { driver: 'pglite'; dataDir: string; sharedBuffersMb: number };
  /** Absent only with PGlite: then `resolveJwtSecret` keeps a generated one in DATA_DIR. */
  jwtSecret: string | undefined;
  corsOrigins: string[];
  logLevel: (typeof logLevels)[number];
  trustProxy: boolean;
  redisUrl: string | undefined;
  redisPrefix: string;
  seedDemo: boolean;
  uploadsDir: string;
  webDistDir: string;
  migrationsDir: string;
};

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
    corsOrigins: values.CORS_ORIGINS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    seedDemo: values.SEED_DEMO,
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
