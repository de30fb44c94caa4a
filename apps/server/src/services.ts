import { randomBytes } from 'node:crypto'
import type { DatabaseHandle } from '@soko/db/client'
import { nextPayoutRun } from '@soko/domain/payout-states'
import type { FastifyBaseLogger } from 'fastify'
import type { StandIns } from './app.ts'
import { CancelOrder } from './flows/cancel-order.ts'
import { ClaimGuestOrders } from './flows/claim-guest-orders.ts'
import { ExpireOrder } from './flows/expire-order.ts'
import { FollowPayment } from './flows/follow-payment.ts'
import { FulfilVendorOrder } from './flows/fulfil-vendor-order.ts'
import { LedgerBackfill } from './flows/ledger-backfill.ts'
import { LedgerPostings } from './flows/ledger-postings.ts'
import { OpenShop } from './flows/open-shop.ts'
import { OrderTexts } from './flows/order-texts.ts'
import { PaidShopNotices } from './flows/paid-shop-notices.ts'
import { PayOnDelivery } from './flows/pay-on-delivery.ts'
import { PaybillPayment } from './flows/paybill-payment.ts'
import { PickupReminders } from './flows/pickup-reminders.ts'
import { PlaceOrder } from './flows/place-order.ts'
import { QuoteCart } from './flows/quote-cart.ts'
import { RefundOrder } from './flows/refund-order.ts'
import { RetryPayment } from './flows/retry-payment.ts'
import { ReturnItems } from './flows/return-items.ts'
import { SendRefund } from './flows/send-refund.ts'
import { SettlePayment } from './flows/settle-payment.ts'
import { GoogleSignIn } from './modules/accounts/google.ts'
import { PasswordHasher } from './modules/accounts/passwords.ts'
import { ProfileService } from './modules/accounts/profile.ts'
import { AccountsService } from './modules/accounts/service.ts'
import { SessionStore } from './modules/accounts/sessions.ts'
import { Users } from './modules/accounts/users.ts'
import { AdminBannersService } from './modules/admin/banners/service.ts'
import { AdminCategoriesService } from './modules/admin/categories/service.ts'
import { AdminContactService } from './modules/admin/contact/service.ts'
import { AdminDashboardService } from './modules/admin/dashboard/service.ts'
import { AdminDeliveryService } from './modules/admin/delivery/service.ts'
import { AdminFlashSalesService } from './modules/admin/flash-sales/service.ts'
import { AdminLedgerService } from './modules/admin/ledger/service.ts'
import { AdminOrdersService } from './modules/admin/orders/service.ts'
import { AdminOutboxService } from './modules/admin/outbox/service.ts'
import { AdminPayoutsService } from './modules/admin/payouts/service.ts'
import { AdminProductsService } from './modules/admin/products/service.ts'
import { AdminReconciliationService } from './modules/admin/reconciliation/service.ts'
import { AdminRefundsService } from './modules/admin/refunds/service.ts'
import type { AdminServices } from './modules/admin/routes.ts'
import { AdminSearchSynonymsService } from './modules/admin/search-synonyms/service.ts'
import { AdminUsersService } from './modules/admin/users/service.ts'
import { AdminVendorsService } from './modules/admin/vendors/service.ts'
import { AuditService } from './modules/audit/service.ts'
import { CartService } from './modules/cart/service.ts'
import { BannerEditor } from './modules/catalog/banners.ts'
import { CategoryEditor } from './modules/catalog/categories.ts'
import { CommissionRates } from './modules/catalog/commission-rates.ts'
import { FlashSaleCatalog } from './modules/catalog/flash-sales.ts'
import { Pricing } from './modules/catalog/pricing.ts'
import { ProductImageService } from './modules/catalog/product-images.ts'
import { ProductImportService } from './modules/catalog/product-import.ts'
import { Products } from './modules/catalog/products.ts'
import { CatalogService } from './modules/catalog/service.ts'
import { ShopProductService } from './modules/catalog/shop-products.ts'
import { Stock } from './modules/catalog/stock.ts'
import { ContactService } from './modules/contact/service.ts'
import { CustomerService } from './modules/customers/service.ts'
import { DeliveryService } from './modules/delivery/service.ts'
import { DemoPictures } from './modules/demo/pictures.ts'
import { JobQueue } from './modules/jobs/queue.ts'
import { Ledger } from './modules/ledger/service.ts'
import { Mailer } from './modules/mail/mailer.ts'
import { Deliveries } from './modules/orders/deliveries.ts'
import { OrderTokens } from './modules/orders/order-tokens.ts'
import { Returns } from './modules/orders/returns.ts'
import { OrdersService } from './modules/orders/service.ts'
import { VendorParts } from './modules/orders/vendor-parts.ts'
import { cardSecretKey, createGateways } from './modules/payments/gateways.ts'
import { RefundRecords } from './modules/payments/refund-records.ts'
import { RefundService } from './modules/payments/refunds.ts'
import { PaymentService } from './modules/payments/service.ts'
import { PayoutService } from './modules/payouts/service.ts'
import { RateLimiter } from './modules/rate-limits/service.ts'
import { ReviewService } from './modules/reviews/service.ts'
import { ListingCache } from './modules/search/listing-cache.ts'
import { PostgresSearchService } from './modules/search/service.ts'
import { SynonymEditor } from './modules/search/synonym-editor.ts'
import { SecretsService } from './modules/secrets/service.ts'
import { AfricasTalkingSms, type SmsGateway } from './modules/sms/gateway.ts'
import { SMS_DELIVERY_REPORT_PATH } from './modules/sms/routes.ts'
import { TextMessages } from './modules/sms/service.ts'
import { FulfilmentService } from './modules/vendors/fulfilment.ts'
import { VendorReports } from './modules/vendors/reports.ts'
import { ShopService } from './modules/vendors/shop.ts'
import { VouchersService } from './modules/vouchers/service.ts'
import type { Config } from './plugins/config.ts'

/** Africa's Talking, its stand-in, or none (SMS_PROVIDER=off, or a simulator no entry point started). */
function smsGateway(config: Config, standIns: StandIns): SmsGateway | null {
  if (config.smsBaseUrl !== null) {
    return new AfricasTalkingSms({
      baseUrl: config.smsBaseUrl,
      username: config.AT_USERNAME,
      apiKey: config.AT_API_KEY ?? '',
      senderId: config.AT_SENDER_ID,
    })
  }
  if (config.smsProvider !== 'simulator' || standIns.sms === null) return null
  return new AfricasTalkingSms({ ...standIns.sms, senderId: config.AT_SENDER_ID ?? 'SOKO' })
}

/** This process's addresses, known once it listens. */
export interface Links {
  /** Its own address: the built-in stand-ins call back to it. */
  selfUrl(): string
  /** Where every link Soko hands out points: PUBLIC_URL, else its own address (never a request's Host). */
  siteOrigin(): string
}

/**
 * Every module's services and the flows that span modules, wired once per process: each module gets the services
 * of the others it calls, never their repositories. app.ts hands them to the route plugins. `startStandIns` starts
 * the stand-ins the configuration asks for (given by the entry point), once the card key is known.
 */
export async function buildServices(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  links: Links,
  startStandIns: (known: { cardSecretKey: string; smsReportPath: string }) => Promise<StandIns>,
) {
  const { db } = database
  const { siteOrigin } = links

  // Shared infrastructure
  const secrets = new SecretsService(db)
  const limiter = new RateLimiter(db)
  const audit = new AuditService()
  const jobs = new JobQueue(db, log)
  const mailer = new Mailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, demo: config.demo }, log)
  const ledger = new Ledger(db)

  // Outside parties: the real services, or the stand-ins the entry point started
  const cardKey = await cardSecretKey(config, secrets)
  const smsSecret =
    config.SMS_CALLBACK_SECRET ??
    (await secrets.get('sms_callback_secret', () => randomBytes(24).toString('base64url')))
  const standIns = await startStandIns({
    cardSecretKey: cardKey,
    smsReportPath: `${SMS_DELIVERY_REPORT_PATH}${smsSecret}`,
  })
  const gateways = createGateways(config, secrets, links.selfUrl, standIns, cardKey)
  const texts = new TextMessages(
    { db, gateway: smsGateway(config, standIns), jobs, limiter, log },
    { perPhone: config.SMS_LIMIT_PER_PHONE, total: config.SMS_LIMIT_TOTAL, maxTries: 6 },
  )

  // Accounts (identity)
  const hasher = new PasswordHasher({
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  })
  const sessions = new SessionStore(db, {
    idleSeconds: config.SESSION_IDLE_TIMEOUT / 1000,
    absoluteSeconds: config.SESSION_ABSOLUTE_TIMEOUT / 1000,
    accessSeconds: config.ACCESS_TOKEN_TTL / 1000,
  })
  const accounts = new AccountsService({ db, config, hasher, sessions, limiter, mailer, log })
  const users = new Users(db)
  const profiles = new ProfileService(db, users, accounts, mailer)
  // Google, or in a demo without Google credentials the built-in stand-in (DESIGN D9); otherwise no Google button.
  const google = new GoogleSignIn(db, config.google ?? (config.demo ? standIns.google : null), sessions, log)

  // Vendors, catalogue, reviews, search
  const shops = new ShopService(db, accounts, mailer, audit)
  const products = new Products(db)
  const deliveries = new Deliveries(db)
  const reviews = new ReviewService(db, products, deliveries, users)
  const catalog = new CatalogService(db, reviews, (error) => log.error({ err: error }, 'view count flush failed'))
  const delivery = new DeliveryService(db, {
    zoneCents: config.shippingCents,
    extraVendorCents: config.extraVendorCents,
  })
  const pricing = new Pricing(db, delivery, { vatRateBp: config.vatRateBp })
  const commissionRates = new CommissionRates(db, config.commissionBp)
  const stock = new Stock()
  const shopProducts = new ShopProductService(db, shops)
  const productImages = new ProductImageService(db, shops, config.mediaDir)
  const search = new ListingCache(new PostgresSearchService({ db, indexScans: database.indexScans }))

  // What shoppers keep, orders and payments
  const customers = new CustomerService(db, users, catalog)
  const carts = new CartService(db, pricing)
  const payments = new PaymentService(
    db,
    gateways,
    {
      queryAfterMs: config.MPESA_QUERY_AFTER,
      paybill:
        config.paybillShortCode === null
          ? null
          : { shortCode: config.paybillShortCode, phonePageUrl: gateways.simulatedPhoneUrl },
    },
    log,
  )
  const refunds = new RefundService(gateways)
  const orderTokens = await OrderTokens.load(secrets)
  const orders = new OrdersService(db, orderTokens, { payments, shops, reviews }, config.DELIVERY_CONFIRM_DAYS, {
    returnWindowDays: config.RETURN_WINDOW_DAYS,
    siteOrigin,
  })
  const vendorParts = new VendorParts(db)
  const payoutSchedule = config.PAYOUT_SCHEDULE === 'on' ? { day: config.PAYOUT_DAY, hour: config.PAYOUT_HOUR } : null
  const vendorReports = new VendorReports(db, shops, vendorParts, shopProducts, ledger, {
    deliveryConfirmDays: config.DELIVERY_CONFIRM_DAYS,
    returnWindowDays: config.RETURN_WINDOW_DAYS,
    nextPayoutRun: (): Date | null => (payoutSchedule === null ? null : nextPayoutRun(payoutSchedule, new Date())),
  })
  // Money: the ledger, and payouts to shops by M-Pesa B2C (or recorded by hand)
  const payouts = new PayoutService(
    {
      db,
      shops,
      users,
      reports: vendorReports,
      ledger,
      jobs,
      mailer,
      secrets,
      b2c: gateways.b2c,
      // As the STK callbacks: the built-in simulator calls this process; a real Daraja calls PUBLIC_URL.
      callbackBase: () => (config.mpesaBaseUrl === null ? links.selfUrl() : (config.PUBLIC_URL ?? links.selfUrl())),
      siteOrigin,
      log,
    },
    {
      minimumCents: config.PAYOUT_MINIMUM_KES * 100,
      schedule: payoutSchedule,
      queryAfterMs: config.PAYOUT_QUERY_AFTER,
      queryAttempts: config.PAYOUT_QUERY_ATTEMPTS,
    },
  )
  await payouts.scheduleNextRun()
  // The result paths' secret exists before the first payout asks for it (every process then reads the same one).
  if (payouts.mpesaPayouts) await payouts.callbackSecret()
  const returns = new Returns(db, orderTokens, { mediaDir: config.mediaDir, answerHours: config.RETURN_ANSWER_HOURS })
  const refundRecords = new RefundRecords(db)

  // Flows: writes that span modules, each in one transaction
  const limits = { limitPerIp: config.CHECKOUT_LIMIT_PER_IP, pushLimitPerPhone: config.MPESA_PUSH_LIMIT_PER_PHONE }
  const orderTexts = new OrderTexts({ texts, users, log }, { paybillShortCode: config.paybillShortCode })
  const paidShopNotices = new PaidShopNotices({ orders, shops, users, mailer, texts: orderTexts })
  const postings = new LedgerPostings(
    { db, ledger, orders, parts: vendorParts, returns, refunds: refundRecords, jobs, log },
    { vatRateBp: config.vatRateBp, returnWindowDays: config.RETURN_WINDOW_DAYS },
  )
  const settle = new SettlePayment(
    { db, payments, orders, stock, mailer, shopNotices: paidShopNotices, jobs, postings, texts: orderTexts, log },
    { queryAfterMs: config.MPESA_QUERY_AFTER, queryAttempts: config.MPESA_QUERY_ATTEMPTS, publicUrl: siteOrigin },
  )
  const paybill = new PaybillPayment(
    { db, orders, payments, settle, mailer, log },
    { shortCode: config.paybillShortCode },
  )
  const payOnDelivery = new PayOnDelivery(
    {
      db,
      pricing,
      orders,
      parts: vendorParts,
      payments,
      stock,
      shops,
      mailer,
      audit,
      postings,
      shopNotices: paidShopNotices,
    },
    { limitCents: config.payOnDeliveryLimitCents, publicUrl: siteOrigin },
  )
  const vouchers = new VouchersService(db, audit, shops)
  const flows = {
    quoteCart: new QuoteCart({ pricing, commissionRates, vouchers }),
    paybill,
    payOnDelivery,
    placeOrder: new PlaceOrder(
      {
        db,
        pricing,
        commissionRates,
        stock,
        orders,
        payments,
        carts,
        customers,
        jobs,
        limiter,
        payOnDelivery,
        mailer,
        vouchers,
        texts: orderTexts,
      },
      { ...limits, reservationMs: config.ORDER_RESERVATION },
    ),
    settle,
    followPayment: new FollowPayment({ db, orders, payments, settle }),
    retryPayment: new RetryPayment({ db, orders, payments, limiter }, limits),
    cancelOrder: new CancelOrder({ db, orders, payments, stock, mailer, postings }),
    expireOrder: new ExpireOrder({ db, orders, payments, stock, settle, jobs, log }),
    refundOrder: new RefundOrder({ db, orders, payments, stock, audit, mailer, returns, postings }),
    fulfilVendorOrder: new FulfilVendorOrder(
      { db, shops, users, parts: vendorParts, orders, mailer, audit, jobs, postings, log, limiter, texts: orderTexts },
      {
        confirmDays: config.DELIVERY_CONFIRM_DAYS,
        returnWindowDays: config.RETURN_WINDOW_DAYS,
        publicUrl: siteOrigin,
        collectionCodeLimit: config.PICKUP_CODE_LIMIT,
      },
    ),
    pickupReminders: new PickupReminders(
      { db, parts: vendorParts, orders, shops, users, mailer, jobs, log },
      { publicUrl: siteOrigin },
    ),
    returnItems: new ReturnItems(
      { db, orders, returns, parts: vendorParts, payments, shops, users, mailer, audit, jobs, postings, log },
      { windowDays: config.RETURN_WINDOW_DAYS, answerHours: config.RETURN_ANSWER_HOURS, publicUrl: siteOrigin },
    ),
    sendRefund: new SendRefund(
      { db, refunds, payments, orders, ledger, mailer, audit, jobs, texts: orderTexts, log },
      { checkAfterMs: config.REFUND_CHECK_AFTER, checkAttempts: config.MPESA_QUERY_ATTEMPTS },
    ),
    openShop: new OpenShop({ db, shops, users, limiter, audit }),
    claimGuestOrders: new ClaimGuestOrders({ db, orders, log }),
    paidShopNotices,
    postings,
    ledgerBackfill: new LedgerBackfill({
      db,
      ledger,
      orders,
      payments,
      returns,
      parts: vendorParts,
      payouts,
      postings,
      log,
    }),
  }

  const categories = new CategoryEditor(db, commissionRates)
  const banners = new BannerEditor(db)
  const flashSales = new FlashSaleCatalog(db)
  const contact = new ContactService(db, config.CONTACT_RATE_LIMIT)
  // The admin area: its guard and audit around the owning modules' writes and flows, and its read models.
  const admin: AdminServices = {
    dashboard: new AdminDashboardService(db),
    products: new AdminProductsService(db, audit, products),
    orders: new AdminOrdersService(db, orders, flows.refundOrder, flows.fulfilVendorOrder, flows.payOnDelivery),
    refunds: new AdminRefundsService(db, flows.sendRefund),
    reconciliation: new AdminReconciliationService(db, audit, payments, payouts, ledger),
    users: new AdminUsersService(db, audit, users, sessions),
    vendors: new AdminVendorsService(db, audit, shops, vendorReports, payouts),
    payouts: new AdminPayoutsService(db, audit, payouts),
    ledger: new AdminLedgerService(db, ledger, shops, audit),
    categories: new AdminCategoriesService(db, audit, categories),
    banners: new AdminBannersService(db, audit, banners),
    flashSales: new AdminFlashSalesService(db, audit, flashSales),
    contact: new AdminContactService(db, audit, contact),
    delivery: new AdminDeliveryService(db, audit, delivery, flows.fulfilVendorOrder),
    searchSynonyms: new AdminSearchSynonymsService(db, audit, new SynonymEditor(db), search),
    disputes: flows.returnItems,
    vouchers,
    // Mail that stays in the outbox is readable only in a demo: a real marketplace's mail is its shoppers' own.
    outbox: config.demo ? new AdminOutboxService(db, audit, mailer) : null,
  }

  return {
    standIns,
    gateways,
    texts,
    smsCallbackSecret: () => Promise.resolve(smsSecret),
    secrets,
    limiter,
    audit,
    jobs,
    mailer,
    ledger,
    hasher,
    sessions,
    accounts,
    users,
    profiles,
    google,
    shops,
    products,
    reviews,
    catalog,
    pricing,
    delivery,
    commissionRates,
    stock,
    shopProducts,
    productImports: new ProductImportService(db, shops, jobs, productImages, {
      allowHosts: new Set(config.IMPORT_IMAGE_ALLOW_HOSTS),
    }),
    productImages,
    categories,
    banners,
    flashSales,
    search,
    contact,
    // The demo catalogue's pictures, which the media routes draw for images that have no stored file.
    pictures: new DemoPictures(products),
    customers,
    carts,
    payments,
    refunds,
    orders,
    returns,
    vendorParts,
    fulfilment: new FulfilmentService(shops, vendorParts),
    vendorReports,
    refundRecords,
    payouts,
    vouchers,
    flows,
    admin,
  }
}

export type Services = Awaited<ReturnType<typeof buildServices>>
