import type { Db } from '@soko/db/client'
import { collectByOf, PICKUP_HOLD_DAYS, pickupReminderAt, waitingParcelState } from '@soko/domain/delivery'
import type { FastifyBaseLogger } from 'fastify'
import type { Users } from '../modules/accounts/users.ts'
import { enqueueJob, type Job, type JobQueue, type JobResult } from '../modules/jobs/queue.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { parcelCollectSoonEmail } from '../modules/orders/mail-templates.ts'
import type { OrdersService } from '../modules/orders/service.ts'
import type { ShopPartRow, VendorParts } from '../modules/orders/vendor-parts.ts'
import { parcelPastCollectByEmail } from '../modules/vendors/notifications.ts'
import type { ShopService } from '../modules/vendors/shop.ts'

/** A day before collect-by: the shopper is reminded of a parcel still waiting at its station. */
export const PICKUP_REMINDER_JOB = 'pickup.reminder'
/** At collect-by: a parcel still waiting is past it, and its shop is told to arrange its return. */
export const PICKUP_PAST_COLLECT_BY_JOB = 'pickup.past-collect-by'

/**
 * Queues, in the arrival's transaction `t`, the two timers of a parcel that reached its station at `arrivedAt`: the
 * shopper's reminder and the shop's notice at collect-by. One of each per parcel (dedupe keys).
 */
export async function schedulePickupTimers(t: Db, partId: number, arrivedAt: Date): Promise<void> {
  await enqueueJob(t, {
    kind: PICKUP_REMINDER_JOB,
    payload: { partId },
    runAt: pickupReminderAt(arrivedAt, PICKUP_HOLD_DAYS),
    dedupeKey: `pickup.reminder:${partId}`,
  })
  await enqueueJob(t, {
    kind: PICKUP_PAST_COLLECT_BY_JOB,
    payload: { partId },
    runAt: collectByOf(arrivedAt, PICKUP_HOLD_DAYS),
    dedupeKey: `pickup.past-collect-by:${partId}`,
  })
}

/**
 * A pickup parcel left waiting at its station (decision record "delivery options"). Each timer locks the part and
 * asks the domain where the parcel stands now: collected (or the part cancelled or refunded), nothing is sent; too
 * early (a timer run ahead of time), it waits for its time; the reminder never goes once collect-by has passed.
 * Past collect-by nothing is cancelled: the parcel is shown as past its collect-by (a reading of `at_station_at`,
 * not a stored flag) and the shop is emailed to arrange its return. The emails are queued in the transaction and
 * leave after commit.
 */
export class PickupReminders {
  constructor(
    private readonly modules: {
      db: Db
      parts: VendorParts
      orders: OrdersService
      shops: ShopService
      users: Users
      mailer: Mailer
      jobs: JobQueue
      log: FastifyBaseLogger
    },
    private readonly settings: { publicUrl: () => string },
  ) {
    modules.jobs.register(PICKUP_REMINDER_JOB, (job) => this.remind(job))
    modules.jobs.register(PICKUP_PAST_COLLECT_BY_JOB, (job) => this.pastCollectBy(job))
  }

  /** The job: reminds the shopper of a parcel still waiting, a day before its collect-by time. */
  remind(job: Job): Promise<JobResult | undefined> {
    return this.onWaitingParcel(job, async (t, part, arrivedAt, state) => {
      if (state === 'waiting') return { retryAt: pickupReminderAt(arrivedAt, PICKUP_HOLD_DAYS) }
      if (state !== 'remind') return undefined
      const order = await this.modules.orders.byId(t, part.order_id)
      if (!order) return undefined
      const shop = (await this.modules.shops.contactsOf(t, [part.business_id])).get(part.business_id)
      const email = parcelCollectSoonEmail(
        order,
        shop?.name ?? '',
        collectByOf(arrivedAt, PICKUP_HOLD_DAYS),
        this.modules.orders.buyerLink(order.order_number),
      )
      return { mail: await this.modules.mailer.enqueue(t, email) }
    })
  }

  /** The job: at collect-by, a parcel still at the station is past it; its shop's owner is told. */
  pastCollectBy(job: Job): Promise<JobResult | undefined> {
    return this.onWaitingParcel(job, async (t, part, arrivedAt, state) => {
      const collectBy = collectByOf(arrivedAt, PICKUP_HOLD_DAYS)
      if (state === 'waiting' || state === 'remind') return { retryAt: collectBy }
      if (state !== 'past_collect_by') return undefined
      const { shops, users } = this.modules
      const shop = (await shops.contactsOf(t, [part.business_id])).get(part.business_id)
      if (!shop) return undefined
      const owner = shop.ownerId !== null ? ((await users.emailsOf(t, [shop.ownerId])).get(shop.ownerId) ?? '') : ''
      const to = owner || shop.email
      if (!to) return undefined
      const station = part.delivery?.station
      const email = parcelPastCollectByEmail({
        to,
        shopName: shop.name,
        orderNumber: part.order_number,
        station: station ? `${station.name}, ${station.address}, ${station.town}` : 'the pickup station',
        arrivedAt,
        collectBy,
        ordersLink: `${this.settings.publicUrl()}/vendor-portal/orders`,
      })
      this.modules.log.info({ partId: part.id }, 'pickup parcel past its collect-by date')
      return { mail: await this.modules.mailer.enqueue(t, email) }
    })
  }

  /**
   * Locks the job's part and hands `work` a parcel still waiting at its station, with where it stands now; a part
   * gone, not for pickup, not at a station, or no longer shipped (collected, cancelled, refunded) ends the job.
   */
  private async onWaitingParcel(
    job: Job,
    work: (
      t: Db,
      part: ShopPartRow,
      arrivedAt: Date,
      state: ReturnType<typeof waitingParcelState>,
    ) => Promise<{ retryAt?: Date; mail?: number } | undefined>,
  ): Promise<JobResult | undefined> {
    const partId = Number(job.payload.partId)
    const answer = await this.modules.db.transaction(async (t) => {
      const part = await this.modules.parts.lock(t, partId)
      if (part?.delivery?.method !== 'pickup' || !part.at_station_at || part.status !== 'shipped') {
        return undefined
      }
      const state = waitingParcelState({
        arrivedAt: part.at_station_at,
        isCollected: part.delivery_confirmed_at !== null,
        now: new Date(),
        holdDays: PICKUP_HOLD_DAYS,
      })
      return work(t, part, part.at_station_at, state)
    })
    if (answer?.mail !== undefined) this.modules.mailer.deliver([answer.mail])
    return answer?.retryAt ? { retryAt: answer.retryAt } : undefined
  }
}
