import { balanced } from '@soko/domain/ledger'
import { describe, expect, it } from 'vitest'
import { type HistoryInput, planDemoHistory, plannedBalances } from './demo-history.ts'

const NOW = new Date('2026-11-24T09:30:00Z')

function input(overrides: Partial<HistoryInput> = {}): HistoryInput {
  const vendors = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, payoutPhone: i === 5 ? null : `+25471200000${i}` }))
  const products = vendors.flatMap((vendor) =>
    Array.from({ length: 5 }, (_, j) => ({
      id: vendor.id * 100 + j,
      vendorId: vendor.id,
      categoryId: 1 + (j % 3),
      name: `Product ${vendor.id}-${j}`,
      slug: `product-${vendor.id}-${j}`,
      priceCents: 49_900 + j * 12_345 + vendor.id,
    })),
  )
  return {
    now: NOW,
    days: 90,
    products,
    vendors,
    rules: {
      shippingCents: 50_000,
      vatRateBp: 1600,
      commissionBpFor: (product) => (product.categoryId === 2 ? 800 : 1000),
      deliveryConfirmDays: 3,
      returnWindowDays: 7,
      payoutSchedule: { day: 'friday', hour: 10 },
      payoutMinimumCents: 50_000,
    },
    ...overrides,
  }
}

describe('planDemoHistory', () => {
  const history = planDemoHistory(input())

  it('is the same past for the same catalogue and moment', () => {
    expect(planDemoHistory(input())).toEqual(history)
  })

  it('has about 90 days of orders, none in the future, with unique order numbers', () => {
    expect(history.orders.length).toBeGreaterThan(500)
    const first = history.orders[0]?.createdAt.getTime() ?? 0
    expect(NOW.getTime() - first).toBeGreaterThan(88 * 86_400_000)
    expect(history.orders.every((order) => order.createdAt < NOW && order.paidAt < NOW)).toBe(true)
    expect(new Set(history.orders.map((order) => order.orderNumber)).size).toBe(history.orders.length)
  })

  it('charges what the checkout would: lines, delivery and VAT add up to the total', () => {
    for (const order of history.orders) {
      const subtotal = order.parts.reduce((sum, part) => sum + part.subtotalCents, 0)
      expect(subtotal).toBe(order.subtotalCents)
      expect(order.subtotalCents + order.shippingCents + order.vatCents).toBe(order.totalCents)
      expect(order.totalCents % 100).toBe(0)
    }
  })

  it('has deliveries, returns, cancellations, refunds and a failed payout among the paid ones', () => {
    const parts = history.orders.flatMap((order) => order.parts)
    expect(parts.filter((part) => part.confirmedAt !== null).length).toBeGreaterThan(300)
    expect(parts.some((part) => part.status === 'shipped')).toBe(true)
    expect(history.returns.length).toBeGreaterThan(5)
    expect(history.refunds.some((refund) => refund.cause === 'cancellation')).toBe(true)
    expect(history.payouts.filter((payout) => payout.state === 'paid').length).toBeGreaterThan(20)
    expect(history.payouts.filter((payout) => payout.state === 'failed')).toHaveLength(1)
  })

  it('posts only balanced transactions, each key once, and in time order', () => {
    expect(history.ledger.every(({ tx }) => balanced(tx))).toBe(true)
    expect(new Set(history.ledger.map(({ tx }) => tx.key)).size).toBe(history.ledger.length)
    const times = history.ledger.map(({ at }) => at.getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times.every((time) => time <= NOW.getTime())).toBe(true)
  })

  it('leaves the books whole: money in equals what is owed, kept and sent back', () => {
    const sums = plannedBalances(history.ledger)
    expect([...sums.values()].reduce((a, b) => a + b, 0)).toBe(0)
    // Every refund was sent, every payout settled or failed: nothing is left owed to shoppers or in transit.
    expect(sums.get('refunds_payable') ?? 0).toBe(0)
    for (const [key, value] of sums) if (key.startsWith('vendor_payout_in_transit')) expect(value).toBe(0)
  })

  it('pays a shop only on the run day, at least the minimum, and never a shop without a payout number', () => {
    for (const payout of history.payouts) {
      const local = new Date(payout.sentAt.getTime() + 3 * 3_600_000)
      expect(local.getUTCDay()).toBe(5)
      expect(local.getUTCHours()).toBe(10)
      expect(payout.amountCents).toBeGreaterThanOrEqual(50_000)
      expect(payout.amountCents % 100).toBe(0)
      expect(payout.vendorId).not.toBe(6)
    }
  })

  it('charges each line its category’s commission', () => {
    const part = history.orders.flatMap((order) => order.parts).find((p) => p.items.length === 2)
    expect(part).toBeDefined()
    if (!part) return
    const expected = part.items.reduce((sum, item) => {
      const rate = Math.floor(item.productId % 100) % 3 === 1 ? 800 : 1000
      return sum + Math.round((item.unitPriceCents * item.quantity * rate) / 10_000)
    }, 0)
    expect(part.commissionCents).toBe(expected)
  })

  it('plans nothing for a marketplace with no shops', () => {
    expect(planDemoHistory(input({ vendors: [], products: [] })).orders).toEqual([])
  })
})
