import { rm } from 'node:fs/promises'
import type {
  AcceptReturnBody,
  DecideDisputeBody,
  DisputeView,
  OpenReturnBody,
  OrderReturns,
  RefuseReturnBody,
  ReturnView,
} from '@soko/contract/returns'
import type { Db } from '@soko/db/client'
import { formatKes } from '@soko/domain/money'
import {
  answerDueAt,
  awardCents,
  canOpenReturn,
  MAX_RETURN_PHOTOS,
  moveReturn,
  OPEN_RETURN_STATES,
  RETURN_STATE_LABELS,
  type ReturnAction,
  type ReturnState,
  returnAmountCents,
  returnableQuantity,
  returnWindowEnds,
} from '@soko/domain/return-states'
import type { FastifyBaseLogger } from 'fastify'
import type { Users } from '../modules/accounts/users.ts'
import type { AuditService } from '../modules/audit/service.ts'
import { processUploads, writeImageSizes } from '../modules/catalog/image-pipeline.ts'
import { enqueueJob, type Job, type JobQueue } from '../modules/jobs/queue.ts'
import type { Mailer } from '../modules/mail/mailer.ts'
import { canRefund } from '../modules/orders/refunds.ts'
import {
  returnRequestedEmail,
  returnStepEmail,
  type ShopperReturnStep,
  shopDisputeEmail,
} from '../modules/orders/return-mail.ts'
import { RETURN_PHOTO_LIMITS, type ReturnMove, type ReturnRow, type Returns } from '../modules/orders/returns.ts'
import { NO_SUCH_ORDER, type OrderRow, type OrdersService } from '../modules/orders/service.ts'
import type { VendorParts } from '../modules/orders/vendor-parts.ts'
import type { PaymentService } from '../modules/payments/service.ts'
import { requireFulfillingVendor } from '../modules/vendors/fulfilment.ts'
import type { ShopService } from '../modules/vendors/shop.ts'
import { type Ctx, requireRole } from '../plugins/auth.ts'
import { AppError } from '../plugins/errors.ts'
import { tooManyPhotos, type UploadedFile } from '../plugins/uploads.ts'
import type { LedgerPostings } from './ledger-postings.ts'

export const NO_SUCH_RETURN = 'No such return.'

/** The durable job that takes a requested return the shop left unanswered to the dispute desk. */
export const RETURN_UNANSWERED_JOB = 'return.unanswered'

/** Why the caller may not do this now: the words of the 409. */
function stateRefusal(action: ReturnAction, state: ReturnState): string {
  const label = RETURN_STATE_LABELS[state].toLowerCase()
  switch (action) {
    case 'accept':
    case 'refuse':
      return `This return is ${label}: only requested returns can be accepted or refused.`
    case 'award':
    case 'reject':
      return `This return is ${label}: only returns before the dispute desk can be decided.`
    default:
      return `This return is ${label}: only accepted returns can be confirmed received.`
  }
}

/** The shop's side of a step, and what the shopper is told. */
type Step = { move: ReturnMove; tell: ShopperReturnStep }

/**
 * Returns (decision 0013), each step in one transaction. The shopper (the order's signed-in buyer, or its token
 * while it opens the order) opens one for items of a part delivered at most RETURN_WINDOW_DAYS ago, no more of a
 * line than bought less what other returns hold; the shop is emailed. The part's vendor accepts (drop-off or
 * pickup) or refuses (with why), then confirms the items came back: the refund is recorded on the order's paid
 * attempt (the payments module's events, as an admin's refund is) and the return ends refunded; the shopper is
 * emailed at each step. The caller is resolved (404 for anyone not the return's), then the domain's table is asked
 * (409 at the wrong state) before anything is written.
 */
export class ReturnItems {
  constructor(
    private readonly modules: {
      db: Db
      orders: OrdersService
      returns: Returns
      parts: VendorParts
      payments: PaymentService
      shops: ShopService
      users: Users
      mailer: Mailer
      audit: AuditService
      jobs: JobQueue
      postings: Pick<LedgerPostings, 'approveRefund' | 'enqueueRelease'>
      log: FastifyBaseLogger
    },
    private readonly settings: { windowDays: number; answerHours: number; publicUrl: () => string },
  ) {
    modules.jobs.register(RETURN_UNANSWERED_JOB, (job) => this.unanswered(job))
  }

  /** The order's returns and what may still go back, for its shopper. */
  async ofOrder(ctx: Ctx, orderNumber: string, token: string | undefined): Promise<OrderReturns> {
    const { db, orders, returns } = this.modules
    const order = await orders.authorised(ctx, orderNumber, token)
    const [rows, parts, items, held] = await Promise.all([
      returns.ofOrder(db, order.id),
      orders.partsOf(db, [order.id]),
      orders.itemsOf(db, [order.id]),
      returns.held(db, order.id),
    ])
    const names = await this.shopNames(db, [...parts.map((part) => part.business_id)])
    const now = new Date()
    const returnable = parts.flatMap((part) => {
      const deliveredAt = part.delivered_at
      if (!canOpenReturn({ status: part.status, deliveredAt }, now, this.settings.windowDays).ok || !deliveredAt) {
        return []
      }
      const own = items
        .filter((item) => item.vendor_order_id === part.id)
        .map((item) => ({
          itemId: item.id,
          name: item.product_name,
          bought: item.quantity,
          returnable: returnableQuantity(item.quantity, held.get(item.id) ?? 0),
        }))
      if (!own.some((item) => item.returnable > 0)) return []
      return [
        {
          partId: part.id,
          shopName: names.get(part.business_id) ?? '',
          windowEndsAt: returnWindowEnds(deliveredAt, this.settings.windowDays).toISOString(),
          items: own,
        },
      ]
    })
    return {
      windowDays: this.settings.windowDays,
      returns: await returns.views(db, rows, names),
      returnable,
    }
  }

  /** The shopper opens a return for items of one delivered part. */
  async open(ctx: Ctx, orderNumber: string, token: string | undefined, body: OpenReturnBody): Promise<ReturnView> {
    const { db, orders, returns, parts, mailer } = this.modules
    const mail: number[] = []
    const view = await db.transaction(async (t) => {
      const part = await parts.lock(t, body.partId)
      const order = await orders.authorised(ctx, orderNumber, token, t)
      if (!part || part.order_id !== order.id) throw new AppError('not_found', NO_SUCH_ORDER)
      const opening = canOpenReturn(
        { status: part.status, deliveredAt: part.delivered_at },
        new Date(),
        this.settings.windowDays,
      )
      if (!opening.ok) {
        throw new AppError(
          'conflict',
          opening.refused === 'window-closed'
            ? `Returns are open for ${this.settings.windowDays} days after delivery; this part's window has closed.`
            : 'Only delivered items can be returned.',
        )
      }
      const items = (await orders.itemsOf(t, [order.id])).filter((item) => item.vendor_order_id === part.id)
      const held = await returns.held(t, order.id)
      const lines = body.lines.map((line) => {
        const item = items.find((candidate) => candidate.id === line.itemId)
        if (!item) throw new AppError('not_found', 'No such item in this part of the order.')
        const left = returnableQuantity(item.quantity, held.get(item.id) ?? 0)
        if (line.quantity > left) {
          throw new AppError(
            'conflict',
            left === 0
              ? `${item.product_name} is already being returned.`
              : `Only ${left} of ${item.product_name} can still be returned.`,
          )
        }
        return { item, line }
      })
      const id = await returns.open(t, {
        orderId: order.id,
        vendorOrderId: part.id,
        amountCents: returnAmountCents(
          lines.map(({ item, line }) => ({ unitPriceCents: item.unit_price_cents, quantity: line.quantity })),
        ),
        lines: lines.map(({ line }) => ({
          orderItemId: line.itemId,
          quantity: line.quantity,
          reason: line.reason,
          note: line.note === '' ? null : line.note,
        })),
      })
      const opened = await this.viewOf(t, id)
      await enqueueJob(t, {
        kind: RETURN_UNANSWERED_JOB,
        payload: { returnId: id },
        runAt: answerDueAt(new Date(), this.settings.answerHours),
        dedupeKey: `${RETURN_UNANSWERED_JOB}:${id}`,
      })
      const to = await this.shopAddress(t, part.business_id)
      if (to) {
        mail.push(
          await mailer.enqueue(t, returnRequestedEmail(to, opened, this.portalLink(), this.settings.answerHours)),
        )
      }
      return opened
    })
    mailer.deliver(mail)
    return view
  }

  /** The shop's returns, newest first. */
  async ofShop(ctx: Ctx): Promise<ReturnView[]> {
    const { db, shops, returns } = this.modules
    const shop = await shops.shopOf(requireFulfillingVendor(ctx))
    if (!shop) return []
    return returns.views(db, await returns.ofShop(shop.id), new Map([[shop.id, shop.name]]))
  }

  accept(ctx: Ctx, id: number, body: AcceptReturnBody): Promise<void> {
    return this.asVendor(ctx, id, 'accept', async () => ({
      move: { to: 'accepted', method: body.method },
      tell: 'accepted',
    }))
  }

  /** A refusal takes the return to the dispute desk, with the shop's reason. */
  refuse(ctx: Ctx, id: number, body: RefuseReturnBody): Promise<void> {
    return this.asVendor(ctx, id, 'refuse', async () => ({
      move: { to: 'disputed', cause: 'refused', refusalReason: body.reason },
      tell: 'disputed',
    }))
  }

  /** The items came back: received, then the refund recorded on the order's payment, then refunded. */
  received(ctx: Ctx, id: number): Promise<void> {
    return this.asVendor(ctx, id, 'receive', async (t, row, order, vendorId) => {
      await this.modules.returns.move(t, row.id, { to: 'received' })
      const refund = moveReturn('received', 'refund', 'system')
      if (!refund.ok) throw new Error('a received return cannot be refunded')
      await this.recordRefund(t, ctx, row, order, {
        by: vendorId,
        amountCents: row.amount_cents,
        reason: 'The shop received the returned items.',
      })
      await this.releaseLater(t, row.vendor_order_id)
      return { move: { to: 'refunded', refundedCents: row.amount_cents }, tell: 'refunded' }
    })
  }

  /** Photos of the items, added by the shopper to an open return of the order (processed before anything is stored). */
  async addPhotos(
    ctx: Ctx,
    orderNumber: string,
    token: string | undefined,
    id: number,
    files: AsyncIterable<UploadedFile>,
  ): Promise<ReturnView> {
    const { db, orders, returns } = this.modules
    const order = await orders.authorised(ctx, orderNumber, token)
    const row = await returns.lock(db, id)
    if (!row || row.order_id !== order.id) throw new AppError('not_found', NO_SUCH_RETURN)
    const closed = () =>
      new AppError(
        'conflict',
        `This return is ${RETURN_STATE_LABELS[row.state as ReturnState].toLowerCase()}: photos can be added only while it is open.`,
      )
    if (!OPEN_RETURN_STATES.includes(row.state as ReturnState)) throw closed()
    const room = MAX_RETURN_PHOTOS - (await returns.photoCount(db, id))
    if (room <= 0) throw tooManyPhotos(RETURN_PHOTO_LIMITS)
    const processed = await processUploads(files, room, RETURN_PHOTO_LIMITS)
    const written: string[] = []
    try {
      return await db.transaction(async (t) => {
        // Locked: two uploads to one return at once cannot together pass the limit, nor land on a closed return.
        const current = await returns.lock(t, id)
        if (!current) throw new AppError('not_found', NO_SUCH_RETURN)
        if (!OPEN_RETURN_STATES.includes(current.state as ReturnState)) throw closed()
        if ((await returns.photoCount(t, id)) + processed.length > MAX_RETURN_PHOTOS) {
          throw tooManyPhotos(RETURN_PHOTO_LIMITS)
        }
        for (const image of processed) {
          const dir = returns.photoDir(await returns.addPhoto(t, id))
          written.push(dir)
          await writeImageSizes(dir, image)
        }
        return this.viewOf(t, id)
      })
    } catch (error) {
      await Promise.all(written.map((dir) => rm(dir, { recursive: true, force: true })))
      throw error
    }
  }

  /** The job: a return still requested RETURN_ANSWER_HOURS after it was opened goes to the dispute desk. */
  async unanswered(job: Job): Promise<{ retryAt: Date } | undefined> {
    const { db, orders, returns, mailer, log } = this.modules
    const id = Number(job.payload.returnId)
    const mail: number[] = []
    const retryAt = await db.transaction(async (t) => {
      const row = await returns.lock(t, id)
      if (!row || !moveReturn(row.state as ReturnState, 'escalate', 'system').ok) return undefined
      const due = answerDueAt(row.created_at, this.settings.answerHours)
      if (due.getTime() > Date.now()) return due
      await returns.move(t, id, { to: 'disputed', cause: 'unanswered' })
      const order = await orders.byId(t, row.order_id)
      if (!order) return undefined
      const view = await this.viewOf(t, id)
      mail.push(
        await mailer.enqueue(t, returnStepEmail(order, 'disputed', view, await orders.buyerLink(order.order_number))),
      )
      const to = await this.shopAddress(t, row.business_id)
      if (to) mail.push(await mailer.enqueue(t, shopDisputeEmail(to, 'unanswered', view, this.portalLink())))
      log.info({ returnId: id }, 'unanswered return went to the dispute desk')
      return undefined
    })
    mailer.deliver(mail)
    return retryAt ? { retryAt } : undefined
  }

  /** The dispute desk's returns, undecided first, with the shopper's contact (admins only). */
  async disputes(ctx: Ctx): Promise<DisputeView[]> {
    requireRole(ctx, 'superuser')
    const { db, returns } = this.modules
    const rows = await returns.disputes()
    return this.disputeViews(db, rows)
  }

  /**
   * An admin decides a dispute: refunds it (all of it, or the amount given), recorded on the order's payment as the
   * shop's confirmation is, or rejects it; audited, and both sides are emailed the decision and why.
   */
  async decide(ctx: Ctx, id: number, body: DecideDisputeBody): Promise<DisputeView> {
    const admin = requireRole(ctx, 'superuser')
    const { db, orders, returns, audit, mailer } = this.modules
    const mail: number[] = []
    const view = await db.transaction(async (t) => {
      const row = await returns.lock(t, id)
      if (!row) throw new AppError('not_found', NO_SUCH_RETURN)
      const action = body.outcome === 'refund' ? 'award' : 'reject'
      const answer = moveReturn(row.state as ReturnState, action, 'admin')
      if (!answer.ok) throw new AppError('conflict', stateRefusal(action, row.state as ReturnState))
      const order = await orders.byId(t, row.order_id)
      if (!order) throw new AppError('not_found', NO_SUCH_RETURN)
      const decision = { note: body.note, by: admin.id }
      if (action === 'award') {
        const award = awardCents(body.amount, row.amount_cents)
        if (!award.ok) {
          const message = `The refund can be at most ${formatKes(row.amount_cents)}, what the shopper asked back.`
          throw new AppError('invalid_data', message, { amount: [message] })
        }
        await this.recordRefund(t, ctx, row, order, {
          by: admin.id,
          amountCents: award.cents,
          decision: true,
          reason: body.note,
        })
        await returns.move(t, id, { to: 'refunded', refundedCents: award.cents, decision })
      } else {
        await returns.move(t, id, { to: 'rejected', decision })
      }
      await this.releaseLater(t, row.vendor_order_id)
      const step = action === 'award' ? 'refunded' : 'rejected'
      await audit.write(t, admin.id, {
        action: step === 'refunded' ? 'return.refunded' : 'return.rejected',
        subjectType: 'return',
        subjectId: id,
        detail: { name: order.order_number, reason: body.note },
      })
      const [decided] = await this.disputeViews(t, [(await returns.lock(t, id)) ?? row])
      if (!decided) throw new AppError('not_found', NO_SUCH_RETURN)
      mail.push(
        await mailer.enqueue(t, returnStepEmail(order, step, decided, await orders.buyerLink(order.order_number))),
      )
      const to = await this.shopAddress(t, row.business_id)
      if (to) mail.push(await mailer.enqueue(t, shopDisputeEmail(to, step, decided, this.portalLink())))
      return decided
    })
    mailer.deliver(mail)
    return view
  }

  /**
   * Records a return's refund on the order's paid attempt (409 when the order holds no money any more), and approves
   * it: a refunds row for the part, posted to the ledger, its sending queued (409 above what is left of the part).
   */
  private async recordRefund(
    t: Db,
    ctx: Ctx,
    row: ReturnRow,
    order: OrderRow,
    detail: { by: number; amountCents: number; decision?: boolean; reason: string },
  ): Promise<void> {
    const { payments, postings } = this.modules
    const attempts = await payments.ofOrder(t, order.id)
    const paid = attempts.find((payment) => payment.status === 'paid')
    if (
      !paid ||
      !canRefund(
        order.status,
        attempts.map((payment) => payment.status),
      )
    ) {
      throw new AppError('conflict', 'This order holds no payment to refund: it was refunded already.')
    }
    await postings.approveRefund(t, {
      order,
      payment: paid,
      partId: row.vendor_order_id,
      cause: detail.decision ? 'dispute' : 'return',
      goodsCents: detail.amountCents,
      reason: detail.reason,
      approvedBy: detail.by,
      returnId: row.id,
    })
    const { reason: _reason, ...event } = detail
    await payments.recordEvent(t, {
      paymentId: paid.id,
      source: 'return_refund',
      outcome: 'applied',
      rawBody: JSON.stringify({ return: row.id, ...event }),
      remoteAddress: ctx.ip,
    })
  }

  /** A return ended (refunded or rejected): the part's release, held while it was open, is queued again. */
  private async releaseLater(t: Db, partId: number): Promise<void> {
    const part = await this.modules.parts.lock(t, partId)
    if (part?.delivery_confirmed_at) await this.modules.postings.enqueueRelease(t, partId, part.delivery_confirmed_at)
  }

  private async disputeViews(t: Db, rows: ReturnRow[]): Promise<DisputeView[]> {
    const { orders, returns } = this.modules
    const views = await returns.views(
      t,
      rows,
      await this.shopNames(
        t,
        rows.map((row) => row.business_id),
      ),
    )
    const buyers = new Map<number, OrderRow>()
    for (const row of rows) {
      if (buyers.has(row.order_id)) continue
      const order = await orders.byId(t, row.order_id)
      if (order) buyers.set(row.order_id, order)
    }
    return views.map((view, index) => {
      const order = buyers.get(rows[index]?.order_id ?? 0)
      return {
        ...view,
        orderId: order?.id ?? 0,
        shopper: {
          name: order ? `${order.first_name} ${order.last_name}`.trim() : '',
          email: order?.email ?? '',
          phone: order?.phone ?? '',
        },
      }
    })
  }

  private portalLink(): string {
    return `${this.settings.publicUrl()}/vendor-portal/orders`
  }

  /** A move by the return's vendor: 401/403 for non-vendors, 404 for another shop's, 409 at the wrong state. */
  private async asVendor(
    ctx: Ctx,
    id: number,
    action: ReturnAction,
    decide: (t: Db, row: ReturnRow, order: OrderRow, vendorId: number) => Promise<Step>,
  ): Promise<void> {
    const { db, orders, shops, mailer } = this.modules
    const vendorId = requireFulfillingVendor(ctx)
    const mail: number[] = []
    await db.transaction(async (t) => {
      const shop = await shops.shopOf(vendorId, t)
      const row = await this.modules.returns.lock(t, id)
      if (!row || !shop || row.business_id !== shop.id) throw new AppError('not_found', NO_SUCH_RETURN)
      const answer = moveReturn(row.state as ReturnState, action, 'vendor')
      if (!answer.ok) {
        if (answer.refused === 'actor') throw new AppError('not_found', NO_SUCH_RETURN)
        throw new AppError('conflict', stateRefusal(action, row.state as ReturnState))
      }
      const order = await orders.byId(t, row.order_id)
      if (!order) throw new AppError('not_found', NO_SUCH_RETURN)
      const step = await decide(t, row, order, vendorId)
      await this.modules.returns.move(t, row.id, step.move)
      const view = await this.viewOf(t, row.id)
      const link = await orders.buyerLink(order.order_number)
      mail.push(await mailer.enqueue(t, returnStepEmail(order, step.tell, view, link)))
    })
    mailer.deliver(mail)
  }

  private async viewOf(t: Db, id: number): Promise<ReturnView> {
    const row = await this.modules.returns.lock(t, id)
    if (!row) throw new AppError('not_found', NO_SUCH_RETURN)
    const [view] = await this.modules.returns.views(t, [row], await this.shopNames(t, [row.business_id]))
    if (!view) throw new AppError('not_found', NO_SUCH_RETURN)
    return view
  }

  private async shopNames(t: Db, ids: number[]): Promise<Map<number, string>> {
    const contacts = await this.modules.shops.contactsOf(t, [...new Set(ids)])
    return new Map([...contacts].map(([id, shop]) => [id, shop.name]))
  }

  /** The shop's owner's sign-in address, else the shop's contact address. */
  private async shopAddress(t: Db, businessId: number): Promise<string | null> {
    const shop = (await this.modules.shops.contactsOf(t, [businessId])).get(businessId)
    if (!shop) return null
    const owner =
      shop.ownerId === null ? '' : ((await this.modules.users.emailsOf(t, [shop.ownerId])).get(shop.ownerId) ?? '')
    return owner || shop.email || null
  }
}
