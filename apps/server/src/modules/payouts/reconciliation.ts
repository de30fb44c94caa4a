import type { Db } from '@soko/db/client'
import type { MovementFacts, MpesaSuccess } from '@soko/domain/reconciliation'
import { b2cSuccessOf } from '../payments/mpesa/b2c.ts'
import * as repo from './reconciliation-repository.ts'

/** A B2C payout M-Pesa moved money for, with every success it reported (docs/decisions/0032-reconciliation.md). */
export interface PayoutMovement {
  kind: 'payout'
  id: number
  businessId: number
  receipt: string | null
  /** M-Pesa's amount, or the payout's when M-Pesa named none. */
  amountCents: number
  /** E.164. */
  phone: string | null
  at: Date
  facts: Omit<MovementFacts, 'ledger'>
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return null
  }
}

/**
 * The B2C payouts of a period that are paid or that M-Pesa reported a success for (at most `limit`, newest first),
 * and whether there were more.
 */
export async function payoutMovements(
  db: Db,
  period: { from: Date; to: Date; limit: number },
): Promise<{ movements: PayoutMovement[]; cut: boolean }> {
  const rows = await repo.mpesaPayouts(db, { ...period, limit: period.limit + 1 })
  const kept = rows.slice(0, period.limit)
  const results = await repo.resultsOf(
    db,
    kept.map((row) => row.id),
  )
  const successes = new Map<number, MpesaSuccess[]>()
  for (const event of results) {
    const success = b2cSuccessOf(event.source === 'status' ? 'status' : 'result', parseJson(event.raw_body))
    if (success === null || event.payout_id === null) continue
    const list = successes.get(event.payout_id) ?? []
    list.push({ receipt: success.receipt, amountCents: success.amountCents })
    successes.set(event.payout_id, list)
  }
  const movements: PayoutMovement[] = []
  for (const row of kept) {
    const paid = row.state === 'paid'
    let said = successes.get(row.id) ?? []
    if (paid && row.mpesa_receipt !== null && !said.some((s) => s.receipt === row.mpesa_receipt)) {
      said = [{ receipt: row.mpesa_receipt, amountCents: row.amount_cents }, ...said]
    }
    if (!paid && said.length === 0) continue
    movements.push({
      kind: 'payout',
      id: row.id,
      businessId: row.business_id,
      receipt: said[0]?.receipt ?? null,
      amountCents: said[0]?.amountCents ?? row.amount_cents,
      phone: row.phone,
      at: row.at,
      facts: {
        kind: 'payout',
        expectedCents: row.amount_cents,
        successes: said,
        standing: paid ? 'taken' : 'open',
        handled: false,
      },
    })
  }
  return { movements, cut: rows.length > period.limit }
}
