import type { Db } from '@soko/db/client'
import { payoutEvents, payouts } from '@soko/db/schema/payouts'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'

// SQL of the payouts' M-Pesa movements for the reconciliation (docs/decisions/0032-reconciliation.md): B2C payouts of
// a period and the Results received for them, bounded by the period and a row limit.

/** B2C payouts settled (or made) in the period, newest first. */
export function mpesaPayouts(db: Db, period: { from: Date; to: Date; limit: number }) {
  const when = sql`coalesce(${payouts.settledAt}, ${payouts.sentAt}, ${payouts.createdAt})`
  return db
    .select({
      id: payouts.id,
      business_id: payouts.businessId,
      state: payouts.state,
      amount_cents: payouts.amountCents,
      phone: payouts.phone,
      mpesa_receipt: payouts.mpesaReceipt,
      at: sql<Date>`${when}`.mapWith(payouts.createdAt),
    })
    .from(payouts)
    .where(and(eq(payouts.method, 'mpesa_b2c'), sql`${when} >= ${period.from} and ${when} < ${period.to}`))
    .orderBy(desc(when), desc(payouts.id))
    .limit(period.limit)
}

/** The B2C and Transaction Status Results received for these payouts, oldest first. */
export function resultsOf(db: Db, payoutIds: readonly number[]) {
  if (payoutIds.length === 0) return Promise.resolve([])
  return db
    .select({ payout_id: payoutEvents.payoutId, source: payoutEvents.source, raw_body: payoutEvents.rawBody })
    .from(payoutEvents)
    .where(and(inArray(payoutEvents.payoutId, [...payoutIds]), inArray(payoutEvents.source, ['result', 'status'])))
    .orderBy(asc(payoutEvents.id))
}
