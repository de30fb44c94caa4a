import type { DatabaseHandle } from '@soko/db/client'
import type { Migration } from '@soko/db/migrate'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { OidcClientConfig } from './modules/accounts/google.ts'
import { authRoutes } from './modules/accounts/routes.ts'
import { startSweeper } from './modules/accounts/sweeper.ts'
import { adminRoutes } from './modules/admin/routes.ts'
import { cartRoutes } from './modules/cart/routes.ts'
import { flashSaleRoutes } from './modules/catalog/flash-sale-routes.ts'
import { catalogRoutes } from './modules/catalog/routes.ts'
import type { CatalogService } from './modules/catalog/service.ts'
import { contactRoutes } from './modules/contact/routes.ts'
import { customerRoutes } from './modules/customers/routes.ts'
import { deliveryRoutes } from './modules/delivery/routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { HealthService } from './modules/health/service.ts'
import type { JobQueue } from './modules/jobs/queue.ts'
import type { Mailer } from './modules/mail/mailer.ts'
import { devOutboxRoutes } from './modules/mail/routes.ts'
import { mediaRoutes } from './modules/media/routes.ts'
import { checkoutRoutes } from './modules/orders/routes.ts'
import { paymentCallbackRoutes } from './modules/payments/routes.ts'
import { payoutResultRoutes } from './modules/payouts/routes.ts'
import { reviewRoutes } from './modules/reviews/routes.ts'
import { searchRoutes } from './modules/search/routes.ts'
import { seoRoutes } from './modules/seo/routes.ts'
import { siteRoutes } from './modules/site/routes.ts'
import { smsCallbackRoutes } from './modules/sms/routes.ts'
import { vendorPortalRoutes } from './modules/vendors/portal-routes.ts'
import { vendorRoutes } from './modules/vendors/routes.ts'
import { vendorVoucherRoutes } from './modules/vouchers/routes.ts'
import { registerAuth, sessionCookieName } from './plugins/auth.ts'
import { registerConditionalGet } from './plugins/cache.ts'
import type { Config } from './plugins/config.ts'
import { clientErrorOptions, registerErrorHandling } from './plugins/errors.ts'
import { registerFaultInjection } from './plugins/faults.ts'
import { logSerializers, registerObservability, requestId } from './plugins/observability.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { PageCache } from './plugins/page-cache.ts'
import { registerPersonalCaching } from './plugins/personal-paths.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerWeb, type WebMode } from './plugins/web.ts'
import { buildServices, type Services } from './services.ts'

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
  /** Where on this process the SMS stand-in posts delivery reports (the path ends in the callback secret). */
  smsReportPath: string
}

/** The stand-ins an entry point started: where each answers, null for one the configuration did not ask for. */
export interface StandIns {
  mpesaBaseUrl: string | null
  /** The Daraja simulator's public key (PEM), which B2C's SecurityCredential is encrypted with (made when first asked). */
  mpesaCertificate: (() => string) | null
  cardProviderUrl: string | null
  /** The OpenID Connect stand-in of Google and the client made for this process (demo mode only). */
  google: OidcClientConfig | null
  /** The Africa's Talking stand-in and the account made for this process (SMS_PROVIDER=simulator). */
  sms: { baseUrl: string; username: string; apiKey: string } | null
  close(): Promise<void>
}

export type StartStandIns = (config: Config, links: StandInLinks) => Promise<StandIns>

const NO_STAND_INS: StandIns = {
  mpesaBaseUrl: null,
  mpesaCertificate: null,
  cardProviderUrl: null,
  google: null,
  sms: null,
  close: async () => {},
}

/** What tests and the web's request handler reach through `app.soko` (route plugins are handed their services). */
export interface SokoContext {
  config: Config
  database: DatabaseHandle
  migrations: Migration[]
  catalog: CatalogService
  mailer: Mailer
  jobs: JobQueue
  /** The settle-payment flow's step that emails each shop its paid part of an order. */
  paidShopNotices: Services['flows']['paidShopNotices']
  /** The money events' postings (a part's release is queued through it). */
  postings: Services['flows']['postings']
  /** The ledger, read by the reconciliation and by tests. */
  ledger: Services['ledger']
  /** The ledger's opening balances, run at startup. */
  ledgerBackfill: Services['flows']['ledgerBackfill']
  /** Text messages, and the address of the SMS stand-in when this process runs one (tests read what it "sent"). */
  texts: Services['texts']
  smsStandInUrl: string | null
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
  // This process's own address once it listens: the built-in payment stand-ins call back to it.
  const selfUrl = () => listeningUrl(app, config)
  // Where every link Soko hands out points (mail, callbacks, canonical URLs, the card page's way back): PUBLIC_URL,
  // else this process's own address. Never a request's Host, X-Forwarded-Host or Origin, which a client chooses.
  const siteOrigin = () => config.PUBLIC_URL ?? selfUrl()
  const services = await buildServices(config, database, app.log, { selfUrl, siteOrigin }, (known) =>
    options.standIns ? options.standIns(config, { selfUrl, siteOrigin, ...known }) : Promise.resolve(NO_STAND_INS),
  )
  const { catalog, jobs, mailer, sessions, limiter, flows } = services
  app.decorate('soko', {
    config,
    database,
    migrations: options.migrations,
    catalog,
    mailer,
    jobs,
    paidShopNotices: flows.paidShopNotices,
    postings: flows.postings,
    ledger: services.ledger,
    ledgerBackfill: flows.ledgerBackfill,
    texts: services.texts,
    smsStandInUrl: services.standIns.sms?.baseUrl ?? null,
    siteOrigin,
  })
  registerErrorHandling(app)
  registerObservability(app, {
    token: config.METRICS_TOKEN,
    isProduction: config.isProduction,
    poolStats: () => database.poolStats?.(),
    sharedFigures: async () => ({ jobs: await jobs.counts(), payments: await services.payments.countsByOutcome() }),
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

  if (services.standIns.sms) {
    app.log.info(`texts go to the built-in SMS stand-in: its inbox is ${services.standIns.sms.baseUrl}/__simulator/sms`)
  }

  // Public pages rendered once for visitors (production only: development renders every request afresh).
  const pages = options.web === 'production' ? new PageCache() : null
  // Every process drops its cached catalogue the moment the database announces a change, whoever made it.
  const unlisten = await database.listen('soko_catalog', (payload) => {
    catalog.onCatalogChange(payload)
    services.commissionRates.onCatalogChange(payload)
    services.search.onCatalogChange(payload)
    pages?.clear()
  })
  // What admins and shops change shows at once to whoever asks next: this process drops its listings and pages
  // before answering the change (other processes follow the database's announcement; pages also cover what is
  // not announced, flash sales, policies, stations, within their lifetime, PAGE_TTL_MS).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload
    if (/^\/api\/(?:admin|vendor)\//.test(request.url)) {
      services.search.dropListings()
      pages?.clear()
    }
    return payload
  })
  const stopSweeper = startSweeper(sessions, limiter, app.log)
  // The ledger's opening balances for money that moved before it was kept (once; later starts find nothing to do).
  await flows.ledgerBackfill.run()
  jobs.start()
  // Daraja (or the simulator) learns where payments to our Paybill are validated and confirmed: our own address is
  // known only once listening.
  app.addHook('onListen', async () => {
    await flows.paybill.register()
  })
  app.addHook('onClose', async () => {
    stopSweeper()
    await jobs.stop()
    await services.standIns.close()
    await unlisten()
    await catalog.stop()
    await mailer.close()
  })

  await registerOpenApi(app)
  await registerRoutes(app, services, { config, health: new HealthService(database, options.migrations), siteOrigin })
  await registerWeb(app, options.web, pages)
  return app
}

/** Every route plugin, each handed the services it answers with. */
async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  context: { config: Config; health: HealthService; siteOrigin: () => string },
): Promise<void> {
  const { config, siteOrigin } = context
  const { flows, orders, sessions, gateways } = services
  await app.register(healthRoutes(context.health))
  await app.register(catalogRoutes(services.catalog))
  await app.register(flashSaleRoutes(services.flashSales))
  await app.register(searchRoutes(services.search))
  await app.register(contactRoutes(services.contact))
  await app.register(deliveryRoutes(services.delivery))
  await app.register(
    siteRoutes({
      vatRateBp: config.vatRateBp,
      reservationMs: config.ORDER_RESERVATION,
      deliveryConfirmDays: config.DELIVERY_CONFIRM_DAYS,
      returnWindowDays: config.RETURN_WINDOW_DAYS,
      returnAnswerHours: config.RETURN_ANSWER_HOURS,
      commissionBp: config.commissionBp,
      paybillOn: config.paybillShortCode !== null,
      payOnDeliveryLimitCents: config.payOnDeliveryLimitCents,
      commissionRates: services.commissionRates,
      delivery: services.delivery,
    }),
  )
  const { pictures } = services
  await app.register(
    mediaRoutes({ mediaDir: config.mediaDir, drawMissing: (kind, id, size) => pictures.draw(kind, id, size) }),
  )
  await app.register(seoRoutes({ catalog: services.products, shops: services.shops, siteOrigin }))
  await app.register(
    authRoutes({
      config,
      accounts: services.accounts,
      sessions,
      google: services.google,
      limiter: services.limiter,
      siteOrigin,
      signedIn: (user) => flows.claimGuestOrders.run(user),
    }),
  )
  await app.register(customerRoutes({ customers: services.customers, profiles: services.profiles, orders }))
  await app.register(cartRoutes(services.carts))
  await app.register(
    checkoutRoutes({
      orders,
      returns: services.returns,
      flows: {
        quote: (...args) => flows.quoteCart.run(...args),
        placeOrder: (...args) => flows.placeOrder.run(...args),
        paymentState: (...args) => flows.followPayment.run(...args),
        retryPayment: (...args) => flows.retryPayment.run(...args),
        cancel: (...args) => flows.cancelOrder.run(...args),
        confirmReceipt: (...args) => flows.fulfilVendorOrder.confirm(...args),
        payOnDelivery: (...args) => flows.payOnDelivery.eligibility(...args),
        returns: (...args) => flows.returnItems.ofOrder(...args),
        openReturn: (...args) => flows.returnItems.open(...args),
        addReturnPhotos: (...args) => flows.returnItems.addPhotos(...args),
      },
      siteOrigin,
      limiter: services.limiter,
      lookupLimits: { perIp: config.ORDER_LOOKUP_LIMIT_PER_IP, perOrder: config.ORDER_LOOKUP_LIMIT_PER_ORDER },
    }),
  )
  await app.register(
    paymentCallbackRoutes({
      payments: flows.settle,
      refunds: flows.sendRefund,
      paybill: flows.paybill,
      card: gateways.card,
      callbackSecret: gateways.callbackSecret,
    }),
  )
  await app.register(payoutResultRoutes(services.payouts))
  await app.register(smsCallbackRoutes({ texts: services.texts, callbackSecret: services.smsCallbackSecret }))
  await app.register(reviewRoutes(services.reviews))
  await app.register(
    vendorRoutes({
      fulfilment: services.fulfilment,
      parts: flows.fulfilVendorOrder,
      returns: flows.returnItems,
      payOnDelivery: flows.payOnDelivery,
    }),
  )
  await app.register(adminRoutes(services.admin))
  await app.register(vendorVoucherRoutes(services.vouchers))
  await app.register(
    vendorPortalRoutes({
      openShop: flows.openShop,
      shops: services.shops,
      products: services.shopProducts,
      imports: services.productImports,
      images: services.productImages,
      reports: services.vendorReports,
      sessions,
      cookie: { name: sessionCookieName(config), secure: config.isProduction },
    }),
  )
  if (!config.isProduction) await app.register(devOutboxRoutes(services.mailer))
}
