import type { Db } from '@soko/db/client'
import { PAYBILL_PROBLEM_TEXT, type PaybillProblem } from '@soko/domain/paybill'
import type { MovementFacts, MpesaSuccess } from '@soko/domain/reconciliation'
import { b2cSuccessOf } from './mpesa/b2c.ts'
import { parseStkCallback } from './mpesa/daraja.ts'
import * as repo from './reconciliation-repository.ts'

export type { Period } from './reconciliation-repository.ts'

/**
 * One M-Pesa money movement the payments module knows, with what M-Pesa said of it (docs/decisions/
 * 0032-reconciliation.md). `facts` lacks what other modules know: the ledger transaction (the ledger's) and, for a
 * Paybill payment, the named order's total (the orders'), which the reconciliation fills in.
 */
export interface PaymentMovement {
  kind: 'stk' | 'paybill' | 'refund'
  /** The payment attempt's, the confirmation's or the refund's id. */
  id: number
  /** The M-Pesa receipt (TransID for Paybill), the first M-Pesa reported. */
  receipt: string | null
  /** M-Pesa's amount, or what was asked when M-Pesa named none. */
  amountCents: number
  /** As stored: E.164 for STK and refunds, masked as M-Pesa sent it for Paybill. */
  phone: string | null
  at: Date
  orderId: number | null
  /** Refunds: the vendor part (whose shop bears it). */
  vendorOrderId: number | null
  /** Paybill: the account number as typed. */
  account: string | null
  /** The payment attempt whose `payment_received` holds the money (STK, a matched Paybill payment). */
  paymentId: number | null
  /** Paybill: marked handled by an admin, with the note. */
  handledNote: string | null
  /** Paybill: the order's total is the expected amount, when it named one (filled in by the caller). */
  expectsOrderTotal: boolean
  facts: Omit<MovementFacts, 'ledger'>
}

const STK_EVENT = 'mpesa-callback'
const REFUND_EVENTS = ['b2c-refund-result', 'b2c-refund-status'] as const

/** `refund-<id>-<attempt>`, the refunds' B2C originator ids (flows/send-refund.ts). */
function refundIdOf(originatorId: string | null): number | null {
  const match = originatorId === null ? null : /^refund-(\d+)-\d+$/.exec(originatorId)
  return match ? Number(match[1]) : null
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return null
  }
}

/** Adds the stored receipt when no message carried it (history written before messages were kept). */
function withStored(successes: MpesaSuccess[], receipt: string | null, amountCents: number): MpesaSuccess[] {
  if (receipt === null || successes.some((s) => s.receipt === receipt)) return successes
  return [{ receipt, amountCents }, ...successes]
}

/** STK payments of the period that took money or heard of it, with every success callback. */
async function stkMovements(db: Db, period: repo.Period): Promise<PaymentMovement[]> {
  const rows = await repo.stkPayments(db, period)
  const ids = rows.map((row) => row.id)
  const [events, owed] = await Promise.all([repo.eventsOf(db, ids, [STK_EVENT]), repo.refundsOfPayments(db, ids)])
  const successes = new Map<number, MpesaSuccess[]>()
  for (const event of events) {
    const callback = parseStkCallback(parseJson(event.raw_body))
    if (event.payment_id === null || callback === null || callback.resultCode !== 0) continue
    if (callback.amountKes === null) continue
    const list = successes.get(event.payment_id) ?? []
    list.push({ receipt: callback.receipt, amountCents: Math.round(callback.amountKes * 100) })
    successes.set(event.payment_id, list)
  }
  return rows.map((row) => {
    const late = owed.filter((refund) => refund.payment_id === row.id && refund.cause === 'late_payment')
    const lateSent = late.length > 0 && late.every((refund) => refund.state === 'sent')
    const tookMoney = row.status === 'paid' || row.status === 'refund_due' || row.status === 'refunded'
    const said = withStored(successes.get(row.id) ?? [], tookMoney ? row.receipt : null, row.amount_cents)
    return {
      kind: 'stk',
      id: row.id,
      receipt: said[0]?.receipt ?? row.receipt,
      amountCents: said[0]?.amountCents ?? row.amount_cents,
      phone: row.phone,
      at: row.at,
      orderId: row.order_id,
      vendorOrderId: null,
      account: null,
      paymentId: row.id,
      handledNote: lateSent ? 'Given back: the refund was sent.' : null,
      expectsOrderTotal: false,
      facts: {
        kind: 'stk',
        expectedCents: row.amount_cents,
        successes: said,
        standing: late.length > 0 ? 'no_order' : tookMoney ? 'taken' : 'open',
        handled: lateSent,
        noOrderReason: 'it came in after the order was cancelled or paid another way, and is owed back',
      },
    }
  })
}

/** Paybill confirmations of the period. */
async function paybillMovements(db: Db, period: repo.Period): Promise<PaymentMovement[]> {
  const rows = await repo.c2bConfirmations(db, period)
  return rows.map((row) => {
    const problem = row.problem as PaybillProblem | null
    return {
      kind: 'paybill',
      id: row.id,
      receipt: row.trans_id,
      amountCents: row.amount_cents,
      phone: row.msisdn,
      at: row.at,
      orderId: row.order_id,
      vendorOrderId: null,
      account: row.bill_ref,
      paymentId: problem === null ? row.payment_id : null,
      handledNote: row.resolution_note,
      expectsOrderTotal: row.order_id !== null,
      facts: {
        kind: 'paybill',
        expectedCents: null,
        successes: [{ receipt: row.trans_id, amountCents: row.amount_cents }],
        standing: problem === null ? 'taken' : 'no_order',
        handled: row.resolved_at !== null,
        ...(problem === null ? {} : { noOrderReason: PAYBILL_PROBLEM_TEXT[problem].replace(/\.$/, '').toLowerCase() }),
      },
    }
  })
}

/** B2C refunds of the period that M-Pesa moved money for (sent, or a success reported). */
async function refundMovements(
  db: Db,
  period: repo.Period,
  keep: number,
): Promise<{ list: PaymentMovement[]; cut: boolean }> {
  const read = await repo.mpesaRefunds(db, period)
  const rows = read.slice(0, keep)
  const events = await repo.eventsOf(
    db,
    rows.map((row) => row.payment_id),
    REFUND_EVENTS,
  )
  const successes = new Map<number, MpesaSuccess[]>()
  for (const event of events) {
    const success = b2cSuccessOf(event.source === 'b2c-refund-status' ? 'status' : 'result', parseJson(event.raw_body))
    const refundId = refundIdOf(success?.originatorConversationId ?? null)
    if (success === null || refundId === null) continue
    const list = successes.get(refundId) ?? []
    list.push({ receipt: success.receipt, amountCents: success.amountCents })
    successes.set(refundId, list)
  }
  const moved: PaymentMovement[] = []
  for (const row of rows) {
    const sent = row.state === 'sent'
    const said = withStored(successes.get(row.id) ?? [], sent ? row.provider_reference : null, row.amount_cents)
    if (!sent && said.length === 0) continue
    moved.push({
      kind: 'refund',
      id: row.id,
      receipt: said[0]?.receipt ?? null,
      amountCents: said[0]?.amountCents ?? row.amount_cents,
      phone: row.phone,
      at: row.at,
      orderId: row.order_id,
      vendorOrderId: row.vendor_order_id,
      account: null,
      paymentId: null,
      handledNote: null,
      expectsOrderTotal: false,
      facts: {
        kind: 'refund',
        expectedCents: row.amount_cents,
        successes: said,
        standing: sent ? 'taken' : 'open',
        handled: false,
      },
    })
  }
  return { list: moved, cut: read.length > keep }
}

/**
 * The payments module's M-Pesa movements of a period: STK payments, Paybill confirmations and B2C refunds, at most
 * `period.limit` of each kind (newest first), and whether a kind had more.
 */
export async function paymentMovements(
  db: Db,
  period: repo.Period,
  kinds: readonly ('stk' | 'paybill' | 'refund')[],
): Promise<{ movements: PaymentMovement[]; cut: boolean }> {
  // One more than the limit is asked, to know when a kind had more (a refund read may keep fewer than it read).
  const ask = { ...period, limit: period.limit + 1 }
  const read = async (kind: 'stk' | 'paybill' | 'refund'): Promise<{ list: PaymentMovement[]; cut: boolean }> => {
    if (!kinds.includes(kind)) return { list: [], cut: false }
    if (kind === 'refund') return refundMovements(db, ask, period.limit)
    const list = kind === 'stk' ? await stkMovements(db, ask) : await paybillMovements(db, ask)
    return { list: list.slice(0, period.limit), cut: list.length > period.limit }
  }
  const lists = [await read('stk'), await read('paybill'), await read('refund')]
  return { movements: lists.flatMap((read) => read.list), cut: lists.some((read) => read.cut) }
}
