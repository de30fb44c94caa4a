import { refunds } from '@soko/db/schema/payments'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { refundApproved } from '@soko/domain/ledger'
import { sql } from 'drizzle-orm'
import { REFUND_SEND_JOB, refundSendKey } from '../../src/flows/send-refund.ts'
import { enqueueJob } from '../../src/modules/jobs/queue.ts'
import { Ledger } from '../../src/modules/ledger/service.ts'
import { waitFor } from './checkout.ts'
import type { TestServer } from './test-server.ts'

/**
 * Approves a refund the way every approval does (an approved refunds row for the paid order's first vendor part,
 * the ledger's refund_approved, and the 'refund.send' job under its dedupe key, in one transaction), for an amount
 * and to a number the test chooses: the sender's tests need refunds no approval path would make (a B2C number the
 * simulator fails; a part refunded in two pieces). The approvals themselves are tested through their endpoints
 * (ledger-journey.test.ts, returns.test.ts). `postLedger: false` leaves out the ledger entry, for a refund the
 * ledger itself would refuse (more than is left of the payment: money refunded outside Soko, from the provider's
 * dashboard).
 */
export async function approveRefundForTest(
  server: TestServer,
  orderNumber: string,
  options: { amountCents: number; phone?: string; postLedger?: boolean },
): Promise<number> {
  const { db } = server.database
  const ledger = new Ledger(db)
  const refundId = await db.transaction(async (t) => {
    const [part] = await typedRows(
      t,
      {
        order_id: value.int,
        vendor_order_id: value.int,
        business_id: value.int,
        total_cents: value.int,
        payment_id: value.int,
        method: value.text,
        phone: value.nullable(value.text),
      },
      sql`select o.id as order_id, v.id as vendor_order_id, v.business_id, o.total_cents, p.id as payment_id,
            p.method, p.phone
          from orders o join vendor_orders v on v.order_id = o.id
            join payments p on p.order_id = o.id and p.status = 'paid'
          where o.order_number = ${orderNumber} order by v.id limit 1`,
    )
    if (!part) throw new Error(`no paid order ${orderNumber}`)
    const [before] = await typedRows(
      t,
      { cents: value.int },
      sql`select coalesce(sum(amount_cents), 0)::int as cents from refunds where vendor_order_id = ${part.vendor_order_id}`,
    )
    const [row] = await t
      .insert(refunds)
      .values({
        paymentId: part.payment_id,
        orderId: part.order_id,
        vendorOrderId: part.vendor_order_id,
        cause: 'order_refund',
        method: part.method === 'mpesa' ? 'mpesa' : 'credit-card',
        goodsCents: options.amountCents,
        amountCents: options.amountCents,
        phone: part.method === 'mpesa' ? (options.phone ?? part.phone) : null,
        reason: 'Refund approved by a test',
      })
      .returning({ id: refunds.id })
    if (!row) throw new Error('no refund row')
    if (options.postLedger !== false) {
      await ledger.post(
        t,
        refundApproved({
          refundId: row.id,
          vendorPartId: part.vendor_order_id,
          vendorId: part.business_id,
          goodsCents: options.amountCents,
          from: 'pending',
          paidForPartCents: part.total_cents,
          refundedBeforeCents: before?.cents ?? 0,
        }),
      )
    }
    await enqueueJob(t, { kind: REFUND_SEND_JOB, payload: { refundId: row.id }, dedupeKey: refundSendKey(row.id) })
    return row.id
  })
  server.app.soko.jobs.kick()
  return refundId
}

const refundShape = {
  id: refunds.id,
  payment_id: refunds.paymentId,
  state: refunds.state,
  phone: refunds.phone,
  originator_id: refunds.originatorId,
  provider_reference: refunds.providerReference,
  result_desc: refunds.resultDesc,
  attempts: refunds.attempts,
  sent_at: refunds.sentAt,
}
export type TestRefundRow = RowOf<typeof refundShape>

export async function refundRow(server: TestServer, id: number): Promise<TestRefundRow> {
  const [row] = await typedRows(
    server.database.db,
    refundShape,
    sql`select id, payment_id, state, phone, originator_id, provider_reference, result_desc, attempts, sent_at
        from refunds where id = ${id}`,
  )
  if (!row) throw new Error(`no refund ${id}`)
  return row
}

/** The refund once it has left 'approved' and 'sending' (sent or failed). */
export function settledRefund(server: TestServer, id: number): Promise<TestRefundRow> {
  return waitFor(async () => {
    const row = await refundRow(server, id)
    return row.state === 'sent' || row.state === 'failed' ? row : null
  }, 30_000)
}

/** How many times the ledger recorded this refund as sent. */
export async function refundSentCount(server: TestServer, id: number): Promise<number> {
  const [row] = await typedRows(
    server.database.db,
    { n: value.int },
    sql`select count(*)::int as n from ledger_transactions where kind = 'refund_sent' and reference_type = 'refund'
          and reference_id = ${id}`,
  )
  return row?.n ?? 0
}

/** What was recorded of the providers' messages about a payment's refunds, by source, oldest first. */
export async function refundEvents(server: TestServer, paymentId: number, source: string): Promise<string[]> {
  const rows = await typedRows(
    server.database.db,
    { outcome: value.text },
    sql`select outcome from payment_events where payment_id = ${paymentId} and source = ${source} order by id`,
  )
  return rows.map((row) => row.outcome)
}
