import type { Db } from '@soko/db/client'
import { voucherRedemptions, vouchers } from '@soko/db/schema/vouchers'
import type { RowOf } from '@soko/db/typed-sql'
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm'

const voucherShape = {
  id: vouchers.id,
  code: vouchers.code,
  funder_business_id: vouchers.funderBusinessId,
  kind: vouchers.kind,
  value: vouchers.value,
  max_discount_cents: vouchers.maxDiscountCents,
  min_spend_cents: vouchers.minSpendCents,
  max_uses: vouchers.maxUses,
  max_uses_per_customer: vouchers.maxUsesPerCustomer,
  used_count: vouchers.usedCount,
  starts_at: vouchers.startsAt,
  ends_at: vouchers.endsAt,
  category_ids: vouchers.categoryIds,
  business_ids: vouchers.businessIds,
  is_active: vouchers.isActive,
  created_at: vouchers.createdAt,
}
export type VoucherRow = RowOf<typeof voucherShape>

export interface NewVoucher {
  code: string
  funderBusinessId: number | null
  kind: string
  value: number
  maxDiscountCents: number | null
  minSpendCents: number
  maxUses: number | null
  maxUsesPerCustomer: number | null
  startsAt: Date | null
  endsAt: Date | null
  categoryIds: number[]
  businessIds: number[]
  createdBy: number
}

export async function insertVoucher(db: Db, voucher: NewVoucher): Promise<number> {
  const rows = await db.insert(vouchers).values(voucher).returning({ id: vouchers.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('insert into vouchers returned no id')
  return id
}

/** The voucher with this code; `lock`: its row locked for the rest of the transaction (placing an order). */
export async function voucherByCode(db: Db, code: string, lock = false): Promise<VoucherRow | null> {
  const query = db.select(voucherShape).from(vouchers).where(eq(vouchers.code, code))
  return (await (lock ? query.for('update') : query))[0] ?? null
}

export async function voucherById(db: Db, id: number): Promise<VoucherRow | null> {
  return (await db.select(voucherShape).from(vouchers).where(eq(vouchers.id, id)))[0] ?? null
}

/** Every voucher (null: all of them), or one shop's own, newest first. */
export function vouchersOf(db: Db, funder: { businessId: number } | null): Promise<VoucherRow[]> {
  const where = funder === null ? undefined : eq(vouchers.funderBusinessId, funder.businessId)
  return db.select(voucherShape).from(vouchers).where(where).orderBy(desc(vouchers.createdAt), desc(vouchers.id))
}

export async function setActive(db: Db, id: number, active: boolean, funderBusinessId?: number): Promise<boolean> {
  const owner: SQL | undefined =
    funderBusinessId === undefined ? undefined : eq(vouchers.funderBusinessId, funderBusinessId)
  const rows = await db
    .update(vouchers)
    .set({ isActive: active, updatedAt: new Date() })
    .where(and(eq(vouchers.id, id), owner))
    .returning({ id: vouchers.id })
  return rows.length > 0
}

/** Orders of this shopper that used the voucher: by account, or by the phone or email the order gave. */
export async function usesByCustomer(
  db: Db,
  voucherId: number,
  who: { userId: number | null; phone: string | null; email: string | null },
): Promise<number> {
  const matches: SQL[] = []
  if (who.userId !== null) matches.push(eq(voucherRedemptions.userId, who.userId))
  if (who.phone) matches.push(eq(voucherRedemptions.phone, who.phone))
  if (who.email) matches.push(eq(voucherRedemptions.email, who.email.toLowerCase()))
  if (matches.length === 0) return 0
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), or(...matches)))
  return rows[0]?.count ?? 0
}

/** One more use, unless it is used up: false when another order took the last one. */
export async function takeUse(db: Db, voucherId: number): Promise<boolean> {
  const rows = await db
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(
      and(eq(vouchers.id, voucherId), or(isNull(vouchers.maxUses), sql`${vouchers.usedCount} < ${vouchers.maxUses}`)),
    )
    .returning({ id: vouchers.id })
  return rows.length > 0
}

export async function insertRedemption(
  db: Db,
  redemption: {
    voucherId: number
    orderId: number
    userId: number | null
    phone: string
    email: string
    discountCents: number
  },
): Promise<void> {
  await db.insert(voucherRedemptions).values({ ...redemption, email: redemption.email.toLowerCase() })
}
