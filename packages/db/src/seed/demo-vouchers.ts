import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'

/**
 * The demo's welcome voucher (README, "Demo"): funded by the marketplace, 10 % off up to KSh 500 on goods of
 * KSh 2,000 or more, once per shopper, for a year from the seeding. The home page's last banner tells shoppers.
 */
export const DEMO_VOUCHER = {
  code: 'KARIBU10',
  percent: 10,
  maxDiscountCents: 50_000,
  minSpendCents: 200_000,
  maxUsesPerCustomer: 1,
  validDays: 365,
} as const

const DAY_MS = 86_400_000

/** Adds the welcome voucher, valid from `now` for a year. */
export async function seedDemoVoucher(t: Db, now: number): Promise<void> {
  const v = DEMO_VOUCHER
  await t.execute(sql`
    insert into vouchers (code, kind, value, max_discount_cents, min_spend_cents, max_uses_per_customer, starts_at, ends_at)
    values (${v.code}, 'percent', ${v.percent}, ${v.maxDiscountCents}, ${v.minSpendCents}, ${v.maxUsesPerCustomer},
      ${new Date(now - DAY_MS).toISOString()}, ${new Date(now + v.validDays * DAY_MS).toISOString()})
    on conflict (code) do nothing`)
}
