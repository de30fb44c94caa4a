import type { DatabaseHandle } from '@soko/db/client'
import type { Migration } from '@soko/db/migrate'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { catalogRoutes } from './modules/catalog/routes.ts'
import { CatalogService } from './modules/catalog/service.ts'
import { contactRoutes } from './modules/contact/routes.ts'
import { ContactService } from './modules/contact/service.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { mediaRoutes } from './modules/media/routes.ts'
import { seoRoutes } from './modules/seo/routes.ts'
import { registerConditionalGet } from './plugins/cache.ts'
import type { Config } from './plugins/config.ts'
import { registerErrorHandling } from './plugins/errors.ts'
import { registerFaultInjection } from './plugins/faults.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerWeb, type WebMode } from './plugins/web.ts'

export interface AppOptions {
  config: Config
  database: DatabaseHandle
  migrations: Migration[]
  /** How the web app is served: the production build, Vite in development, or not at all (API-only tests). */
  web: WebMode
}

/** What every module reaches through `app.soko`. */
export interface SokoContext {
  config: Config
  database: DatabaseHandle
  migrations: Migration[]
  catalog: CatalogService
}

declare module 'fastify' {
  interface FastifyInstance {
    soko: SokoContext
  }
}

/** Builds the Fastify instance with every route; tests call this, `main.ts` adds listening and shutdown. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    // Shoppers' requests carry small bodies; uploads get their own limit where they are accepted.
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Fastify's default would answer 404 for `/api/health/` vs `/api/health`; the contract keeps trailing slashes.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const { database } = options
  const catalog = new CatalogService(database.db, (error) => app.log.error({ err: error }, 'view count flush failed'))
  app.decorate('soko', { config, database, migrations: options.migrations, catalog })
  registerErrorHandling(app)
  registerConditionalGet(app)
  registerSecurityHeaders(app, config)
  if (config.FAULT_INJECTION === 'true') registerFaultInjection(app)

  // Every process drops its cached catalogue the moment the database announces a change, whoever made it.
  const unlisten = await database.listen('soko_catalog', (payload) => catalog.onCatalogChange(payload))
  app.addHook('onClose', async () => {
    await unlisten()
    await catalog.stop()
  })

  await registerOpenApi(app)
  await app.register(healthRoutes)
  await app.register(catalogRoutes(catalog))
  await app.register(contactRoutes(new ContactService(database.db, config.CONTACT_RATE_LIMIT)))
  await app.register(mediaRoutes(database.db, config.mediaDir))
  await app.register(seoRoutes(database.db, config.PUBLIC_URL))
  await registerWeb(app, options.web)
  return app
}
