import { join, resolve } from 'node:path'
import { z } from 'zod'

/**
 * Every setting the server reads, parsed once at start-up. Nothing else reads process.env. A wrong value stops
 * the process with one line naming the variable (see `loadConfig`). `.env.example` documents each one.
 */
const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).optional(),
    PORT: z.coerce
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a port number' : undefined) })
      .int('must be a whole number')
      .min(0, 'must be from 0 to 65535')
      .max(65535, 'must be from 0 to 65535')
      .default(3000),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** The marketplace's public address (e.g. https://soko.co.ke), for absolute links in sitemaps and emails. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    DB_POOL_SIZE: z.coerce
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 200')
      .max(200, 'must be from 1 to 200')
      .default(10),
    SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
    DEMO_PRODUCTS: z.coerce
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
      .int('must be a whole number')
      .min(0, 'must be from 0 to 1000000')
      .max(1_000_000, 'must be from 0 to 1000000')
      .default(2000),
    /** Contact-form messages one IP address may send per 10 minutes (modules/contact). */
    CONTACT_RATE_LIMIT: z.coerce
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 10000')
      .max(10_000, 'must be from 1 to 10000')
      .default(5),
    /** Test-only: lets browser tests make the API slow or failing (see plugins/faults.ts). */
    FAULT_INJECTION: z.enum(['true', 'false']).default('false'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.FAULT_INJECTION === 'true'), {
    path: ['FAULT_INJECTION'],
    message: 'must not be enabled in production',
  })
  .transform((env) => ({
    ...env,
    // Development listens on loopback only; production on every interface (behind a proxy or a firewall).
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    isProduction: env.NODE_ENV === 'production',
    // A new embedded database gets the demo catalogue; a PostgreSQL one only when asked (it may be for real shoppers).
    seedDemoData: env.SEED_DEMO_DATA === 'true' || (env.SEED_DEMO_DATA === 'auto' && env.DATABASE_URL === undefined),
    // DATA_DIR holds the embedded database and the generated image cache side by side (and the lock on both).
    pgliteDir: join(resolve(env.DATA_DIR), 'pglite'),
    mediaDir: join(resolve(env.DATA_DIR), 'media'),
  }))

export type Config = z.output<typeof ConfigSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the environment; throws a ConfigError whose message is one line naming the bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (`PORT=`) means "not set", as in most shells' habits.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = ConfigSchema.safeParse(present)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const key = String(issue?.path[0] ?? 'environment')
  const got = env[key] === undefined ? '' : ` (got ${JSON.stringify(env[key])})`
  throw new ConfigError(`Invalid configuration: ${key} ${issue?.message ?? 'is invalid'}${got}`)
}

export function loadConfig(): Config {
  return parseConfig(process.env)
}
