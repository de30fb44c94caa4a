import { ORDER_STATUS_LABELS, type OrderDetail, type OrderStatus, type ShipBody } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import { collectByOf, normaliseCollectionCode, PICKUP_HOLD_DAYS } from '@soko/domain/delivery'
import { orderStatusFromParts } from '@soko/domain/order-states'
import { returnWindowEnds } from '@soko/domain/return-states'
import { availableFrom } from '@soko/domain/vendor-balance'
import {
  autoConfirmAt,
  carrierLabel,
  type DeliveryConfirmer,
  movePart,
  type PartAction,
  type PartActor,
  type PartStage,
  partStage,
  type TimelineStep,
} from '@soko/domain/vendor-part-states'
import type { FastifyBaseLogger } from 'fastify'
import type { Users } from '../modules/accounts/users.ts'
import type { AuditService } from '../modules/audit/service.ts'
import { enqueueJob, type Job, type JobQueue } from '../modules/jobs/queue.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { parcelAtStationEmail, receiptConfirmedEmail, vendorPartEmail } from '../modules/orders/mail-templates.ts'
import { partDelivery } from '../modules/orders/order-view.ts'
import { NO_SUCH_ORDER, type OrderRow, type OrdersService, type VendorOrderRow } from '../modules/orders/service.ts'
import type { PartMove, ShopPartRow, VendorParts } from '../modules/orders/vendor-parts.ts'
import type { RateLimiter } from '../modules/rate-limits/service.ts'
import { requireFulfillingVendor } from '../modules/vendors/fulfilment.ts'
import { vendorDeliveryConfirmedEmail } from '../modules/vendors/notifications.ts'
import type { ShopService } from '../modules/vendors/shop.ts'
import type { Ctx } from '../plugins/auth.ts'
import type { RateLimit } from '../plugins/config.ts'
import { AppError } from '../plugins/errors.ts'
import type { LedgerPostings } from './ledger-postings.ts'
import type { OrderTexts } from './order-texts.ts'
import { schedulePickupTimers } from './pickup-reminders.ts'

/** The durable job that confirms a delivered part by itself, DELIVERY_CONFIRM_DAYS after the vendor's "delivered". */
export const AUTO_CONFIRM_JOB = 'vendor-part.auto-confirm'

/** Where the part is (its status column's check keeps it one of the statuses). */
const stageOf = (part: ShopPartRow): PartStage => partStage(part.status as OrderStatus, part.delivery_confirmed_at)

/** Why the right caller may not do this now: the words of the 409. */
function stateRefusal(action: PartAction, stage: PartStage): string {
  const label = stage === 'received' ? 'delivered' : ORDER_STATUS_LABELS[stage].toLowerCase()
  switch (action) {
    case 'process':
      return `This order is ${label}: only paid orders can be started.`
    case 'ship':
      return `This order is ${label}: only paid orders can be shipped.`
    case 'deliver':
      return `This order is ${label}: only shipped orders can be marked delivered.`
    case 'arrive':
      return `This order is ${label}: only shipped parcels can arrive at the station.`
    case 'collect':
      return `This order is ${label}: only parcels waiting at the station can be collected.`
    default:
      return stage === 'received'
        ? 'You have already confirmed receiving this part of the order.'
        : `This part of the order is ${label}: only parts on their way can be confirmed received.`
  }
}

/**
 * A vendor part's delivery (DESIGN D7, D11; decision 0012), each move in one transaction: the part and its order
 * locked → the caller found to be the part's vendor, its order's shopper or an admin (anyone else: 404) → the
 * domain's table asked whether that actor may make that move from the part's stage (409 if not, nothing written)
 * → the move stored → the order's status follows its parts → the emails (written to the outbox in the same
 * transaction, sent after commit), and, when the vendor marks it delivered, the job that confirms it by itself
 * DELIVERY_CONFIRM_DAYS later.
 *
 * Who hears of what (decision 0012, "Emails"): the shopper gets the part's timeline and the order's signed link when
 * it ships, when it is delivered, and when its receipt is confirmed by Soko support or by the clock; not when they
 * confirmed it themselves (the order page answered at once, with the same timeline). The shop's owner hears of every
 * confirmation, whoever made it: the part's money is pending from then, and available RETURN_WINDOW_DAYS later.
 */
export class FulfilVendorOrder {
  constructor(
    private readonly modules: {
      db: Db
      shops: ShopService
      users: Users
      parts: VendorParts
      orders: OrdersService
      mailer: Mailer
      audit: AuditService
      jobs: JobQueue
      postings: Pick<LedgerPostings, 'enqueueRelease'>
      log: FastifyBaseLogger
      limiter: RateLimiter
      texts: Pick<OrderTexts, 'shipped' | 'atStation' | 'delivered' | 'kick'>
    },
    private readonly settings: {
      confirmDays: number
      returnWindowDays: number
      publicUrl: () => string
      /** Wrong collection codes allowed per parcel before the station must wait. */
      collectionCodeLimit: RateLimit
    },
  ) {
    modules.jobs.register(AUTO_CONFIRM_JOB, (job) => this.autoConfirm(job))
  }

  process(ctx: Ctx, partId: number): Promise<void> {
    return this.asVendor(ctx, partId, 'process', {})
  }

  ship(ctx: Ctx, partId: number, body: ShipBody): Promise<void> {
    return this.asVendor(ctx, partId, 'ship', { shipping: body })
  }

  deliver(ctx: Ctx, partId: number): Promise<void> {
    return this.asVendor(ctx, partId, 'deliver', {})
  }

  /** Pickup orders: the vendor says the parcel reached the station; the shopper is emailed the code and the date. */
  arrive(ctx: Ctx, partId: number): Promise<void> {
    return this.asVendor(ctx, partId, 'arrive', { arrived: true })
  }

  /** Pickup orders: the station (the vendor, in its portal) hands the parcel over against the collection code. */
  collect(ctx: Ctx, partId: number, code: string): Promise<void> {
    const ownerId = requireFulfillingVendor(ctx)
    return this.limitCodeTries(ownerId, partId, () =>
      this.asVendor(ctx, partId, 'collect', { confirmedBy: 'station' }, code),
    )
  }

  /** The same two steps by an admin (for a station run by Soko), audited; the order's id. */
  pickupAsAdmin(adminId: number, orderId: number, partId: number, code: string | null): Promise<number> {
    const run = () => this.pickupInTransaction(adminId, orderId, partId, code)
    return code === null ? run() : this.limitCodeTries(adminId, partId, run)
  }

  private pickupInTransaction(adminId: number, orderId: number, partId: number, code: string | null) {
    return this.inTransaction(async (t, mail) => {
      const part = await this.modules.parts.lock(t, partId)
      if (!part || part.order_id !== orderId) throw new AppError('not_found', 'No such order.')
      if (code === null) {
        await this.apply(t, mail, part, 'arrive', 'admin', { arrived: true })
      } else {
        await this.apply(t, mail, part, 'collect', 'admin', { confirmedBy: 'station' }, undefined, code)
        await this.modules.audit.write(t, adminId, {
          action: 'pickup.collected',
          subjectType: 'order',
          subjectId: orderId,
          detail: { name: part.order_number, part: partId },
        })
      }
      return orderId
    })
  }

  /** The order's shopper (signed in as its buyer, or holding its token) confirms receiving the part. */
  async confirm(ctx: Ctx, orderNumber: string, partId: number, token: string | undefined): Promise<OrderDetail> {
    const { db, orders } = this.modules
    const orderId = await this.inTransaction(async (t, mail) => {
      const part = await this.modules.parts.lock(t, partId)
      const order = await orders.authorised(ctx, orderNumber, token, t)
      if (!part || part.order_id !== order.id) throw new AppError('not_found', NO_SUCH_ORDER)
      return this.apply(t, mail, part, 'confirm', 'shopper', { confirmedBy: 'shopper' })
    })
    const order = await orders.byId(db, orderId)
    if (!order) throw new AppError('not_found', NO_SUCH_ORDER)
    return orders.detail(order)
  }

  /** An admin confirms receiving on the shopper's word (a phone call, a message), audited; the order's id. */
  confirmAsAdmin(adminId: number, orderId: number, partId: number): Promise<number> {
    return this.inTransaction(async (t, mail) => {
      const part = await this.modules.parts.lock(t, partId)
      if (!part || part.order_id !== orderId) throw new AppError('not_found', 'No such order.')
      await this.apply(t, mail, part, 'confirm', 'admin', { confirmedBy: 'admin' })
      await this.modules.audit.write(t, adminId, {
        action: 'order.delivery_confirmed',
        subjectType: 'order',
        subjectId: orderId,
        detail: { name: part.order_number, part: partId },
      })
      return orderId
    })
  }

  /** The job: a part still delivered and unconfirmed DELIVERY_CONFIRM_DAYS after the vendor said so is received. */
  async autoConfirm(job: Job): Promise<{ retryAt: Date } | undefined> {
    const partId = Number(job.payload.partId)
    const retryAt = await this.inTransaction(async (t, mail) => {
      const part = await this.modules.parts.lock(t, partId)
      if (!part || stageOf(part) !== 'delivered') return undefined
      const due = part.delivered_at ? autoConfirmAt(part.delivered_at, this.settings.confirmDays) : new Date()
      if (due.getTime() > Date.now()) return due
      await this.apply(t, mail, part, 'auto-confirm', 'system', { confirmedBy: 'auto' })
      this.modules.log.info({ partId }, 'vendor part delivery confirmed automatically')
      return undefined
    })
    return retryAt ? { retryAt } : undefined
  }

  private async asVendor(
    ctx: Ctx,
    partId: number,
    action: 'process' | 'ship' | 'deliver' | 'arrive' | 'collect',
    details: Omit<PartMove, 'to'>,
    code?: string,
  ): Promise<void> {
    const ownerId = requireFulfillingVendor(ctx)
    await this.inTransaction(async (t, mail) => {
      const shop = await this.modules.shops.shopOf(ownerId, t)
      const part = await this.modules.parts.lock(t, partId)
      if (!part || !shop || part.business_id !== shop.id) throw new AppError('not_found', 'No such order.')
      await this.apply(t, mail, part, action, 'vendor', details, shop.name, code)
    })
  }

  /**
   * What a pickup step needs besides the table's move: an order for collection at a station, a parcel not yet
   * there (arrive) or waiting there (collect), and the right code. Wrong codes are counted per parcel and, past the
   * limit, refused for a while whatever is typed (429), so a code cannot be guessed at the counter.
   */
  private async checkPickup(part: ShopPartRow, action: 'arrive' | 'collect', code: string | undefined) {
    if (part.delivery?.method !== 'pickup' || !part.collection_code) {
      throw new AppError('conflict', 'This order is not for collection at a pickup station.')
    }
    if (action === 'arrive') {
      if (part.at_station_at) throw new AppError('conflict', 'This parcel is already at the station.')
      return
    }
    if (!part.at_station_at) throw new AppError('conflict', 'This parcel has not arrived at the station yet.')
    if (normaliseCollectionCode(code ?? '') !== part.collection_code) {
      const message = 'That is not the collection code of this order.'
      throw new AppError('invalid_data', message, { code: [message] })
    }
  }

  /**
   * Counts a try at a parcel's code by whoever types it (before the transaction: the limiter has its own
   * connection), runs it, and forgets the tries once the right code was given.
   */
  private async limitCodeTries<T>(userId: number, partId: number, run: () => Promise<T>): Promise<T> {
    const key = `pickup-code:${partId}:${userId}`
    await this.modules.limiter.consume(key, this.settings.collectionCodeLimit)
    const result = await run()
    await this.modules.limiter.clear(key)
    return result
  }

  /** Runs `work` in a transaction; the emails it queued (in `mail`) leave after commit. */
  private async inTransaction<T>(work: (t: Db, mail: number[]) => Promise<T>): Promise<T> {
    const mail: number[] = []
    const result = await this.modules.db.transaction((t) => work(t, mail))
    this.modules.mailer.deliver(mail)
    this.modules.texts.kick()
    return result
  }

  /** Asks the domain, stores the move, lets the order follow, and emails the shopper; the order's id. */
  private async apply(
    t: Db,
    mail: number[],
    part: ShopPartRow,
    action: PartAction,
    actor: PartActor,
    details: Omit<PartMove, 'to'>,
    shopName?: string,
    code?: string,
  ): Promise<number> {
    const { parts, orders, mailer } = this.modules
    const stage = stageOf(part)
    const answer = movePart(stage, action, actor)
    if (!answer.ok) {
      if (answer.refused === 'actor') throw new AppError('not_found', NO_SUCH_ORDER)
      throw new AppError('conflict', stateRefusal(action, stage))
    }
    if (action === 'arrive' || action === 'collect') await this.checkPickup(part, action, code)
    const statuses = await parts.move(t, part, { to: answer.to, ...details })
    await orders.setStatus(t, part.order_id, orderStatusFromParts(statuses))
    if (answer.to === 'delivered') {
      await enqueueJob(t, {
        kind: AUTO_CONFIRM_JOB,
        payload: { partId: part.id },
        runAt: autoConfirmAt(new Date(), this.settings.confirmDays),
        dedupeKey: `vendor-part-confirm:${part.id}`,
      })
    }
    // Confirmed, by whoever: the part's money is released when its return window closes (decision 0014, "Wiring").
    if (answer.to === 'received') await this.modules.postings.enqueueRelease(t, part.id, new Date())
    if (action === 'arrive') {
      // The shopper's reminder a day before collect-by, and the shop's notice at it (src/flows/pickup-reminders.ts).
      const arrivedAt = new Date()
      await schedulePickupTimers(t, part.id, arrivedAt)
      const order = await orders.byId(t, part.order_id)
      const shop = (await this.modules.shops.contactsOf(t, [part.business_id])).get(part.business_id)
      if (order) {
        const collectBy = collectByOf(arrivedAt, PICKUP_HOLD_DAYS)
        const link = orders.buyerLink(order.order_number)
        mail.push(await mailer.enqueue(t, parcelAtStationEmail(order, shop?.name ?? shopName ?? '', collectBy, link)))
        await this.modules.texts.atStation(t, order, collectBy)
      }
    } else if (answer.to === 'shipped' || answer.to === 'delivered' || answer.to === 'received') {
      const order = await orders.byId(t, part.order_id)
      const [stored] = (await orders.partsOf(t, [part.order_id])).filter((row) => row.id === part.id)
      if (order && stored) {
        const delivery = partDelivery(stored, order, this.settings.confirmDays)
        const link = orders.buyerLink(order.order_number)
        if (answer.to === 'received') {
          mail.push(...(await this.confirmationEmails(t, part, order, stored, delivery.timeline, link)))
        } else {
          const confirmBy = delivery.autoConfirmAt ? new Date(delivery.autoConfirmAt) : null
          mail.push(
            await mailer.enqueue(
              t,
              vendorPartEmail(order, shopName ?? '', answer.to, delivery.timeline, link, confirmBy),
            ),
          )
          const name =
            shopName ?? (await this.modules.shops.contactsOf(t, [part.business_id])).get(part.business_id)?.name ?? ''
          if (answer.to === 'shipped') {
            const carrier = carrierLabel(stored.carrier) ?? 'a courier'
            await this.modules.texts.shipped(t, order, name, carrier, stored.tracking_reference)
          } else {
            await this.modules.texts.delivered(t, order, name)
          }
        }
      }
    }
    return part.order_id
  }

  /**
   * A confirmed receipt's emails, queued in `t`: to the shopper with the part's timeline unless they confirmed it
   * themselves, and to the shop's owner (else the shop's address) with when its money becomes available.
   */
  private async confirmationEmails(
    t: Db,
    part: ShopPartRow,
    order: OrderRow,
    stored: VendorOrderRow,
    timeline: readonly TimelineStep[],
    orderLink: string,
  ): Promise<number[]> {
    const { shops, users, mailer } = this.modules
    const { confirmDays, returnWindowDays } = this.settings
    const by = stored.delivery_confirmed_by as DeliveryConfirmer | null
    const confirmedAt = stored.delivery_confirmed_at ?? new Date()
    const shop = (await shops.contactsOf(t, [part.business_id])).get(part.business_id)
    const shopName = shop?.name ?? ''
    const ids: number[] = []
    if (by === 'admin' || by === 'auto') {
      const returnsUntil = stored.delivered_at ? returnWindowEnds(stored.delivered_at, returnWindowDays) : null
      ids.push(
        await mailer.enqueue(
          t,
          receiptConfirmedEmail(order, shopName, by, {
            timeline,
            orderLink,
            confirmDays,
            returnsUntil: returnsUntil && returnsUntil.getTime() > Date.now() ? returnsUntil : null,
          }),
        ),
      )
    }
    const owner =
      shop && shop.ownerId !== null ? ((await users.emailsOf(t, [shop.ownerId])).get(shop.ownerId) ?? '') : ''
    const to = owner || shop?.email || ''
    if (shop && to && by) {
      ids.push(
        await mailer.enqueue(
          t,
          vendorDeliveryConfirmedEmail({
            to,
            shopName,
            orderNumber: order.order_number,
            by,
            netCents: part.subtotal_cents - part.commission_cents,
            confirmDays,
            returnWindowDays,
            availableFrom: availableFrom(confirmedAt, returnWindowDays),
            payoutsLink: `${this.settings.publicUrl()}/vendor-portal/payouts`,
          }),
        ),
      )
    }
    return ids
  }
}
