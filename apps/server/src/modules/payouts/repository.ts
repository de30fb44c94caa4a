import type { AdminPayoutsQuery } from '@soko/contract/admin'
import type { Db } from '@soko/db/client'
import { payoutEvents, payouts } from '@soko/db/schema/payouts'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { asc, eq, type SQL, sql } from 'drizzle-orm'

// SQL of payouts and payout_events, and the payout lists admins read (with the shop's name and who recorded it).

const payoutColumns = {
  id: payouts.id,
  business_id: payouts.businessId,
  amount_cents: payouts.amountCents,
  method: payouts.method,
  state: payouts.state,
  started_by: payouts.startedBy,
  phone: payouts.phone,
  originator_id: payouts.originatorId,
  conversation_id: payouts.conversationId,
  mpesa_receipt: payouts.mpesaReceipt,
  result_code: payouts.resultCode,
  result_desc: payouts.resultDesc,
  failure_reason: payouts.failureReason,
  reference: payouts.reference,
  note: payouts.note,
  sent_at: payouts.sentAt,
  settled_at: payouts.settledAt,
  query_count: payouts.queryCount,
  created_at: payouts.createdAt,
}

export type PayoutRow = RowOf<typeof payoutColumns>

export interface NewPayout {
  businessId: number
  amountCents: number
  method: 'mpesa_b2c' | 'manual'
  state: 'queued' | 'paid'
  startedBy: 'schedule' | 'admin'
  phone: string | null
  originatorId: string | null
  reference: string
  note: string
  createdBy: number | null
  settledAt: Date | null
}

export async function insertPayout(t: Db, payout: NewPayout): Promise<PayoutRow> {
  const [row] = await t.insert(payouts).values(payout).returning(payoutColumns)
  if (!row) throw new Error('the payout was not written')
  return row
}

export async function payoutById(db: Db, id: number, lock = false): Promise<PayoutRow | null> {
  const query = db.select(payoutColumns).from(payouts).where(eq(payouts.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function payoutByOriginator(t: Db, originatorId: string): Promise<PayoutRow | null> {
  const [row] = await t.select(payoutColumns).from(payouts).where(eq(payouts.originatorId, originatorId)).for('update')
  return row ?? null
}

export interface PayoutChange {
  state?: 'sent' | 'paid' | 'failed'
  conversationId?: string
  mpesaReceipt?: string
  resultCode?: string
  resultDesc?: string
  failureReason?: string
  sentAt?: Date
  settledAt?: Date
}

export async function updatePayout(t: Db, id: number, change: PayoutChange): Promise<void> {
  await t
    .update(payouts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(payouts.id, id))
}

/** A stuck payout's status queries start over (an admin asked M-Pesa again). */
export async function restartQueries(t: Db, id: number): Promise<void> {
  await t.update(payouts).set({ queryCount: 0, updatedAt: sql`now()` }).where(eq(payouts.id, id))
}

export async function countQuery(db: Db, id: number): Promise<void> {
  await db
    .update(payouts)
    .set({ queryCount: sql`${payouts.queryCount} + 1`, updatedAt: sql`now()` })
    .where(eq(payouts.id, id))
}

export async function insertEvent(
  db: Db,
  event: { payoutId: number | null; source: string; outcome: string; rawBody: string; remoteAddress: string },
): Promise<void> {
  await db.insert(payoutEvents).values({ ...event, rawBody: event.rawBody.slice(0, 65_536) })
}

// The lists admins and shops read

const listShape = {
  ...payoutColumns,
  shop_name: value.text,
  created_by_name: value.nullable(value.text),
}

export type PayoutListRow = RowOf<typeof listShape>

const listColumns = sql`po.id, po.business_id, po.amount_cents, po.method, po.state, po.started_by, po.phone,
  po.originator_id, po.conversation_id, po.mpesa_receipt, po.result_code, po.result_desc, po.failure_reason,
  po.reference, po.note, po.sent_at, po.settled_at, po.query_count, po.created_at, b.name as shop_name,
  coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as created_by_name`
const listFrom = sql`payouts po join businesses b on b.id = po.business_id left join users u on u.id = po.created_by`

/** A shop's payouts, newest first (at most 200). */
export function payoutsOfShop(db: Db, businessId: number): Promise<PayoutListRow[]> {
  return typedRows(
    db,
    listShape,
    sql`select ${listColumns} from ${listFrom} where po.business_id = ${businessId}
        order by po.created_at desc, po.id desc limit 200`,
  )
}

/** Every payout, newest first, a page at a time; `stuckAfter`: how many status queries make a sent payout stuck. */
export async function payoutsPage(
  db: Db,
  query: AdminPayoutsQuery,
  stuckAfter: number,
): Promise<{ count: number; rows: PayoutListRow[] }> {
  const filters: SQL[] = [sql`true`]
  if (query.state) filters.push(sql`po.state = ${query.state}`)
  if (query.stuck === 'true') filters.push(sql`po.state = 'sent' and po.query_count >= ${stuckAfter}`)
  if (query.q) filters.push(sql`b.name ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
  const where = sql.join(filters, sql` and `)
  const [total] = await typedRows(
    db,
    { count: value.int },
    sql`select count(*)::int as count from ${listFrom} where ${where}`,
  )
  const rows = await typedRows(
    db,
    listShape,
    sql`select ${listColumns} from ${listFrom} where ${where} order by po.created_at desc, po.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  )
  return { count: total?.count ?? 0, rows }
}

/** One payout as the admin's list shows it, or undefined. */
export async function payoutListRow(db: Db, id: number): Promise<PayoutListRow | undefined> {
  const [row] = await typedRows(db, listShape, sql`select ${listColumns} from ${listFrom} where po.id = ${id}`)
  return row
}

/** Every payout with its state, oldest first (the ledger's opening backfill). */
export function allPayouts(
  db: Db,
): Promise<{ id: number; business_id: number; amount_cents: number; state: string }[]> {
  return db
    .select({
      id: payouts.id,
      business_id: payouts.businessId,
      amount_cents: payouts.amountCents,
      state: payouts.state,
    })
    .from(payouts)
    .orderBy(asc(payouts.id))
}
