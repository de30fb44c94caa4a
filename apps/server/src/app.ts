import type { DatabaseHandle } from '@soko/db/client'
import type { Migration } from '@soko/db/migrate'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { GoogleSignIn, type OidcClientConfig } from './modules/accounts/google.ts'
import { PasswordHasher } from './modules/accounts/passwords.ts'
import { ProfileService } from './modules/accounts/profile.ts'
import { authRoutes } from './modules/accounts/routes.ts'
import { AccountsService } from './modules/accounts/service.ts'
import { SessionStore } from './modules/accounts/sessions.ts'
import { startSweeper } from './modules/accounts/sweeper.ts'
import { Users } from './modules/accounts/users.ts'
import { adminRoutes } from './modules/admin/routes.ts'
import { AuditService } from './modules/audit/service.ts'
import { cartRoutes } from './modules/cart/routes.ts'
import { CartService } from './modules/cart/service.ts'
import { BannerEditor } from './modules/catalog/banners.ts'
import { CategoryEditor } from './modules/catalog/categories.ts'
import { Pricing } from './modules/catalog/pricing.ts'
import { ProductImageService } from './modules/catalog/product-images.ts'
import { Products } from './modules/catalog/products.ts'
import { catalogRoutes } from './modules/catalog/routes.ts'
import { CatalogService } from './modules/catalog/service.ts'
import { ShopProductService } from './modules/catalog/shop-products.ts'
import { Stock } from './modules/catalog/stock.ts'
import { PaymentService } from './modules/checkout/payments.ts'
import { checkoutRoutes } from './modules/checkout/routes.ts'
import { CheckoutService } from './modules/checkout/service.ts'
import { contactRoutes } from './modules/contact/routes.ts'
import { ContactService } from './modules/contact/service.ts'
import { customerRoutes } from './modules/customers/routes.ts'
import { CustomerService } from './modules/customers/service.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { HealthService } from './modules/health/service.ts'
import { JobQueue } from './modules/jobs/queue.ts'
import { Mailer } from './modules/mail/mailer.ts'
import { devOutboxRoutes } from './modules/mail/routes.ts'
import { mediaRoutes } from './modules/media/routes.ts'
import { cardSecretKey, createGateways } from './modules/payments/gateways.ts'
import { paymentCallbackRoutes } from './modules/payments/routes.ts'
import { RateLimiter } from './modules/rate-limits/service.ts'
import { reviewRoutes } from './modules/reviews/routes.ts'
import { ReviewService } from './modules/reviews/service.ts'
import { searchRoutes } from './modules/search/routes.ts'
import { PostgresSearchService } from './modules/search/service.ts'
import { SecretsService } from './modules/secrets/service.ts'
import { seoRoutes } from './modules/seo/routes.ts'
import { FulfilmentService } from './modules/vendors/fulfilment.ts'
import { vendorPortalRoutes } from './modules/vendors/portal-routes.ts'
import { VendorReports } from './modules/vendors/reports.ts'
import { vendorRoutes } from './modules/vendors/routes.ts'
import { ShopService } from './modules/vendors/shop.ts'
import { registerAuth, sessionCookieName } from './plugins/auth.ts'
import { registerConditionalGet } from './plugins/cache.ts'
import type { Config } from './plugins/config.ts'
import { clientErrorOptions, registerErrorHandling } from './plugins/errors.ts'
import { registerFaultInjection } from './plugins/faults.ts'
import { logSerializers, registerObservability, requestId } from './plugins/observability.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerPersonalCaching } from './plugins/personal-paths.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerWeb, type WebMode } from './plugins/web.ts'

export interface AppOptions {
  config: Config
  database: DatabaseHandle
  migrations: Migration[]
  /** How the web app is served: the production build, Vite in development, or not at all (API-only tests). */
  web: WebMode
  /** Where log lines go (standard output unless given: tests read them). */
  logStream?: { write(line: string): void }
  /**
   * Starts the local stand-ins the configuration asks for (`startStandIns` of src/stand-ins.ts): given by the entry
   * points only, so that product code never imports a simulator. Without it, a configuration that asks for one fails.
   */
  standIns?: StartStandIns
}

/** What the stand-ins need of this process: its own address and the public one (known once it listens), the card key. */
export interface StandInLinks {
  selfUrl(): string
  siteOrigin(): string
  /** The key the test card provider signs webhooks with (the installation's own, kept in app_secrets). */
  cardSecretKey: string
}

/** The stand-ins an entry point started: where each answers, null for one the configuration did not ask for. */
export interface StandIns {
  mpesaBaseUrl: string | null
  cardProviderUrl: string | null
  /** The OpenID Connect stand-in of Google and the client made for this process (demo mode only). */
  google: OidcClientConfig | null
  close(): Promise<void>
}

export type StartStandIns = (config: Config, links: StandInLinks) => Promise<StandIns>

const NO_STAND_INS: StandIns = {
  mpesaBaseUrl: null,
  cardProviderUrl: null,
  google: null,
  close: async () => {},
}

/** What every module reaches through `app.soko`. */
export interface SokoContext {
  config: Config
  database: DatabaseHandle
  migrations: Migration[]
  catalog: CatalogService
  accounts: AccountsService
  sessions: SessionStore
  mailer: Mailer
  limiter: RateLimiter
  hasher: PasswordHasher
  checkout: CheckoutService
  payments: PaymentService
  jobs: JobQueue
  audit: AuditService
  /** The marketplace's own origin for links: PUBLIC_URL, else the address this process listens on. */
  siteOrigin(): string
}

declare module 'fastify' {
  interface FastifyInstance {
    soko: SokoContext
  }
}

/** Fastify's trustProxy: a hop count as the function Fastify itself makes of one (its types omit numbers). */
function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  return setting
}

/** `http://host:port` of the socket this process listens on (every interface: reached here through loopback). */
function listeningUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address()
  const port = address && typeof address === 'object' ? address.port : config.PORT
  const host = address && typeof address === 'object' ? address.address : config.HOST
  if (host === '0.0.0.0' || host === '::') return `http://127.0.0.1:${port}`
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/** Builds the Fastify instance with every route; tests call this, `main.ts` adds listening and shutdown. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Shoppers' requests carry small bodies; uploads get their own limit where they are accepted.
    bodyLimit: 1024 * 1024,
    // Which proxies may set X-Forwarded-For (request.ip): none by default, so a forged header changes nothing.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Fastify's default would answer 404 for `/api/health/` vs `/api/health`; the contract keeps trailing slashes.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Every log line of a request carries its id (reqId), which the response's X-Request-Id header repeats.
    genReqId: requestId,
    // While shutting down, a request that arrives on an open keep-alive connection is still answered (with
    // `Connection: close`) instead of a 503: a proxy resends only idempotent requests, and a shopper's POST is not.
    return503OnClosing: false,
    ...clientErrorOptions,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const { database } = options
  const catalog = new CatalogService(database.db, (error) => app.log.error({ err: error }, 'view count flush failed'))
  const { db } = database
  const hasher = new PasswordHasher({
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  })
  const limiter = new RateLimiter(db)
  const audit = new AuditService()
  const contact = new ContactService(db, config.CONTACT_RATE_LIMIT)
  const sessions = new SessionStore(db, {
    idleSeconds: config.SESSION_IDLE_TIMEOUT / 1000,
    absoluteSeconds: config.SESSION_ABSOLUTE_TIMEOUT / 1000,
    accessSeconds: config.ACCESS_TOKEN_TTL / 1000,
  })
  const mailer = new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, demo: config.demo }, app.log)
  const accounts = new AccountsService({ db, config, hasher, sessions, limiter, mailer, log: app.log })
  const users = new Users(db)
  const customers = new CustomerService(db, users, catalog)

  // This process's own address once it listens: the built-in payment stand-ins call back to it.
  const selfUrl = () => listeningUrl(app, config)
  // Where every link Soko hands out points (mail, callbacks, canonical URLs, the card page's way back): PUBLIC_URL,
  // else this process's own address. Never a request's Host, X-Forwarded-Host or Origin, which a client chooses.
  const siteOrigin = () => config.PUBLIC_URL ?? selfUrl()
  const secrets = new SecretsService(db)
  const cardKey = await cardSecretKey(config, secrets)
  const standIns = options.standIns
    ? await options.standIns(config, { selfUrl, siteOrigin, cardSecretKey: cardKey })
    : NO_STAND_INS
  const gateways = createGateways(config, secrets, selfUrl, standIns, cardKey)
  // Google, or in a demo without Google credentials the built-in stand-in (DESIGN D9); otherwise no Google button.
  const googleClient = config.google ?? (config.demo ? standIns.google : null)
  const google = new GoogleSignIn(db, googleClient, sessions, app.log)
  const jobs = new JobQueue(db, app.log)
  const pricing = new Pricing(db, { shippingCents: config.shippingCents, vatRateBp: config.vatRateBp })
  const stock = new Stock()
  const payments = new PaymentService(
    db,
    gateways,
    jobs,
    mailer,
    stock,
    { queryAfterMs: config.MPESA_QUERY_AFTER, queryAttempts: config.MPESA_QUERY_ATTEMPTS, publicUrl: siteOrigin },
    app.log,
  )
  const carts = new CartService(db, pricing)
  const checkout = new CheckoutService(
    db,
    pricing,
    stock,
    carts,
    customers,
    payments,
    jobs,
    mailer,
    limiter,
    secrets,
    {
      shippingCents: config.shippingCents,
      vatRateBp: config.vatRateBp,
      reservationMs: config.ORDER_RESERVATION,
      commissionBp: config.commissionBp,
      limitPerIp: config.CHECKOUT_LIMIT_PER_IP,
      pushLimitPerPhone: config.MPESA_PUSH_LIMIT_PER_PHONE,
    },
    app.log,
  )
  app.decorate('soko', {
    config,
    database,
    migrations: options.migrations,
    catalog,
    accounts,
    sessions,
    mailer,
    limiter,
    hasher,
    checkout,
    payments,
    jobs,
    audit,
    siteOrigin,
  })
  registerErrorHandling(app)
  registerObservability(app, {
    token: config.METRICS_TOKEN,
    isProduction: config.isProduction,
    poolStats: () => database.poolStats?.(),
    sharedFigures: async () => ({ jobs: await jobs.counts(), payments: await payments.countsByOutcome() }),
  })
  registerConditionalGet(app)
  registerSecurityHeaders(app, config)
  registerPersonalCaching(app, config)
  if (config.FAULT_INJECTION === 'true') registerFaultInjection(app)
  registerAuth(app, sessions, config)
  if (config.demo) {
    app.log.warn(
      'demo mode (SOKO_DEMO): payments, Google sign-in and mail go to the built-in stand-ins (no money moves; without SMTP_URL mail waits in the admin Outbox), and every page says so',
    )
  }

  // Every process drops its cached catalogue the moment the database announces a change, whoever made it.
  const unlisten = await database.listen('soko_catalog', (payload) => catalog.onCatalogChange(payload))
  const stopSweeper = startSweeper(sessions, limiter, app.log)
  jobs.start()
  app.addHook('onClose', async () => {
    stopSweeper()
    await jobs.stop()
    await standIns.close()
    await unlisten()
    await catalog.stop()
    await mailer.close()
  })

  await registerOpenApi(app)
  await app.register(healthRoutes(new HealthService(database, options.migrations)))
  await app.register(catalogRoutes(catalog))
  await app.register(searchRoutes(new PostgresSearchService({ db: database.db, indexScans: database.indexScans })))
  await app.register(contactRoutes(contact))
  await app.register(mediaRoutes(database.db, config.mediaDir))
  await app.register(seoRoutes(database.db, siteOrigin))
  await app.register(authRoutes({ config, accounts, sessions, google, limiter, siteOrigin }))
  await app.register(
    customerRoutes({ customers, profiles: new ProfileService(db, accounts, mailer), orders: checkout }),
  )
  await app.register(cartRoutes(carts))
  await app.register(checkoutRoutes(checkout, siteOrigin))
  await app.register(paymentCallbackRoutes({ payments, card: gateways.card, callbackSecret: gateways.callbackSecret }))
  await app.register(reviewRoutes(new ReviewService(db)))
  await app.register(vendorRoutes(new FulfilmentService(db, mailer, siteOrigin)))
  await app.register(
    adminRoutes({
      db,
      mailer,
      sessions,
      audit,
      contact,
      stock,
      categories: new CategoryEditor(db),
      banners: new BannerEditor(db),
      products: new Products(),
      users,
    }),
  )
  const shops = new ShopService(db, limiter, accounts, users, mailer, audit)
  await app.register(
    vendorPortalRoutes({
      shops,
      products: new ShopProductService(db, shops),
      images: new ProductImageService(db, shops, config.mediaDir),
      reports: new VendorReports(db, shops),
      sessions,
      cookie: { name: sessionCookieName(config), secure: config.isProduction },
    }),
  )
  if (!config.isProduction) await app.register(devOutboxRoutes(database.db))
  await registerWeb(app, options.web)
  return app
}
