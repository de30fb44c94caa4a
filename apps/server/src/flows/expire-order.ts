import type { FastifyBaseLogger } from 'fastify'
import type { Job, JobQueue, JobResult } from '../modules/jobs/queue.ts'
import { EXPIRED_REASON } from '../modules/orders/service.ts'
import { cancelOrder, type OrderModules } from './order-stock.ts'
import type { SettlePayment } from './settle-payment.ts'

/**
 * The reservation of an unpaid order ended (the `order.expire` job placing it enqueued). A payment still open is
 * asked about first (money may be on its way); then, in one transaction, the order and its parts are cancelled,
 * its stock goes back on sale, once, and its open attempts expire.
 */
export class ExpireOrder {
  constructor(
    private readonly modules: OrderModules & { settle: SettlePayment; jobs: JobQueue; log: FastifyBaseLogger },
  ) {
    modules.jobs.register('order.expire', (job) => this.run(job))
  }

  async run(job: Job): Promise<JobResult | undefined> {
    const { db, orders, payments, settle, log } = this.modules
    const orderId = Number(job.payload.orderId)
    const order = await orders.byId(db, orderId)
    if (order?.status !== 'pending_payment') return undefined
    if (order.reserved_until && order.reserved_until.getTime() > Date.now()) {
      return { retryAt: order.reserved_until }
    }
    const [payment] = await payments.latestOf(db, [orderId])
    if (payment?.status === 'pending') {
      const settled = payment.method === 'mpesa' ? await settle.queryMpesa(payment) : await settle.verifyCard(payment)
      // A push answered in the last two minutes may still be on its way: wait for it, a little.
      const fresh = Date.now() - payment.created_at.getTime() < 2 * 60_000
      if (settled === 'pending' && fresh) return { retryAt: new Date(Date.now() + 30_000) }
    }
    await db.transaction(async (t) => {
      const locked = await orders.byId(t, orderId, true)
      if (locked?.status !== 'pending_payment') return
      await cancelOrder(t, this.modules, orderId, {
        reason: EXPIRED_REASON,
        partsFrom: ['pending_payment'],
        attempts: 'expired',
      })
    })
    log.info({ orderId }, 'unpaid order expired; stock released')
    return undefined
  }
}
