import { effectiveRate, type RatedCategory } from '@soko/domain/commission'
import { asc, desc, eq, Param, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { categories, products } from '../schema/catalog.ts'
import { businesses } from '../schema/vendors.ts'
import { type DemoHistory, type HistoryRules, planDemoHistory } from './demo-history.ts'

/** One array parameter (drizzle would otherwise expand a JS array into a list of parameters). */
const arr = (values: unknown[]) => new Param(values)
const iso = (date: Date | null) => (date ? date.toISOString() : null)

export interface HistorySettings extends Omit<HistoryRules, 'commissionBpFor'> {
  /** The marketplace's default commission (COMMISSION_PERCENT) in basis points. */
  commissionBp: number
}

export interface HistoryResult {
  orders: number
  returns: number
  refunds: number
  payouts: number
  ledgerTransactions: number
}

/**
 * Writes the demo marketplace's past (`planDemoHistory`) into a marketplace that has its demo catalogue and no orders
 * yet, in the caller's transaction: orders with their parts, lines and payments, returns, refunds, payouts and the
 * ledger transactions of every money event, each dated when it happened. Ids are given here, then each sequence
 * is moved past them.
 */
export async function seedDemoHistory(
  t: Db,
  options: { now?: Date; days: number; settings: HistorySettings },
): Promise<HistoryResult> {
  const sold = await t
    .select({
      id: products.id,
      vendorId: products.businessId,
      categoryId: products.categoryId,
      name: products.name,
      slug: products.slug,
      priceCents: sql<number>`coalesce(${products.discountedPriceCents}, ${products.priceCents})`.mapWith(Number),
    })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.businessId), desc(products.salesCount), asc(products.id))
  const shops = await t
    .select({ id: businesses.id, payoutPhone: businesses.payoutPhone })
    .from(businesses)
    .where(eq(businesses.isActive, true))
    .orderBy(asc(businesses.id))
  // Each line at its category's rate (its own, an ancestor's, else the marketplace default), as checkout charges.
  const rated = await t
    .select({ id: categories.id, parentId: categories.parentId, commissionBp: categories.commissionBp })
    .from(categories)
  const tree = new Map<number, RatedCategory>(rated.map((row) => [row.id, row]))
  const { commissionBp, ...rules } = options.settings
  const history = planDemoHistory({
    now: options.now ?? new Date(),
    days: options.days,
    products: sold,
    vendors: shops,
    rules: {
      ...rules,
      commissionBpFor: (product) => effectiveRate(product.categoryId, tree, commissionBp).rateBp,
    },
  })
  await writeHistory(t, history, options.settings.vatRateBp)
  return {
    orders: history.orders.length,
    returns: history.returns.length,
    refunds: history.refunds.length,
    payouts: history.payouts.length,
    ledgerTransactions: history.ledger.length,
  }
}

async function writeHistory(t: Db, history: DemoHistory, vatRateBp: number): Promise<void> {
  const { orders } = history
  if (orders.length === 0) return
  const address = (o: (typeof orders)[number]) =>
    JSON.stringify({
      address: `${o.shopper.firstName} ${o.shopper.lastName}, Moi Avenue`,
      city: o.shopper.city,
      county: o.shopper.county,
      postalCode: '00100',
      country: 'Kenya',
    })
  await t.execute(sql`
    insert into orders (id, order_number, status, first_name, last_name, email, phone, shipping_address,
      billing_address, payment_method, subtotal_cents, shipping_cents, vat_cents, total_cents, vat_rate_bp,
      idempotency_key, request_hash, paid_at, cancelled_at, cancel_reason, stock_released_at, created_at, updated_at)
    select i, n, s, f, l, e, p, a::jsonb, a::jsonb, m, st, sh, v, tt, ${vatRateBp}, 'demo-history-' || i, 'demo', pa, ca,
      case when ca is null then null else 'Cancelled by the shopper.' end, ca, c, coalesce(ca, c)
    from unnest(
      ${arr(orders.map((o) => o.id))}::int[],
      ${arr(orders.map((o) => o.orderNumber))}::text[],
      ${arr(orders.map((o) => o.status))}::text[],
      ${arr(orders.map((o) => o.shopper.firstName))}::text[],
      ${arr(orders.map((o) => o.shopper.lastName))}::text[],
      ${arr(orders.map((o) => o.shopper.email))}::text[],
      ${arr(orders.map((o) => o.shopper.phone))}::text[],
      ${arr(orders.map(address))}::text[],
      ${arr(orders.map((o) => o.method))}::text[],
      ${arr(orders.map((o) => o.subtotalCents))}::int[],
      ${arr(orders.map((o) => o.shippingCents))}::int[],
      ${arr(orders.map((o) => o.vatCents))}::int[],
      ${arr(orders.map((o) => o.totalCents))}::int[],
      ${arr(orders.map((o) => iso(o.paidAt)))}::timestamptz[],
      ${arr(orders.map((o) => iso(o.cancelledAt)))}::timestamptz[],
      ${arr(orders.map((o) => iso(o.createdAt)))}::timestamptz[])
      as u(i, n, s, f, l, e, p, a, m, st, sh, v, tt, pa, ca, c)`)

  const parts = orders.flatMap((o) => o.parts.map((part) => ({ o, part })))
  await t.execute(sql`
    insert into vendor_orders (id, order_id, business_id, status, subtotal_cents, commission_cents, carrier,
      tracking_reference, processing_at, shipped_at, delivered_at, delivery_confirmed_at, delivery_confirmed_by,
      created_at, updated_at)
    select *, c from unnest(
      ${arr(parts.map(({ part }) => part.id))}::int[],
      ${arr(parts.map(({ o }) => o.id))}::int[],
      ${arr(parts.map(({ part }) => part.vendorId))}::int[],
      ${arr(parts.map(({ part }) => part.status))}::text[],
      ${arr(parts.map(({ part }) => part.subtotalCents))}::int[],
      ${arr(parts.map(({ part }) => part.commissionCents))}::int[],
      ${arr(parts.map(({ part }) => part.carrier))}::text[],
      ${arr(parts.map(({ part }) => part.trackingReference))}::text[],
      ${arr(parts.map(({ part }) => iso(part.processingAt)))}::timestamptz[],
      ${arr(parts.map(({ part }) => iso(part.shippedAt)))}::timestamptz[],
      ${arr(parts.map(({ part }) => iso(part.deliveredAt)))}::timestamptz[],
      ${arr(parts.map(({ part }) => iso(part.confirmedAt)))}::timestamptz[],
      ${arr(parts.map(({ part }) => part.confirmedBy))}::text[],
      ${arr(parts.map(({ o }) => iso(o.createdAt)))}::timestamptz[]) as u(i, o, b, s, st, cm, ca, tr, pr, sh, de, co, cb, c)`)

  const items = parts.flatMap(({ o, part }) => part.items.map((item) => ({ o, part, item })))
  await t.execute(sql`
    insert into order_items (id, order_id, vendor_order_id, product_id, product_name, product_slug, unit_price_cents,
      quantity, line_total_cents)
    select i, o, vo, p, n, s, u, q, u * q from unnest(
      ${arr(items.map(({ item }) => item.id))}::int[],
      ${arr(items.map(({ o }) => o.id))}::int[],
      ${arr(items.map(({ part }) => part.id))}::int[],
      ${arr(items.map(({ item }) => item.productId))}::int[],
      ${arr(items.map(({ item }) => item.productName))}::text[],
      ${arr(items.map(({ item }) => item.productSlug))}::text[],
      ${arr(items.map(({ item }) => item.unitPriceCents))}::int[],
      ${arr(items.map(({ item }) => item.quantity))}::int[]) as x(i, o, vo, p, n, s, u, q)`)

  await t.execute(sql`
    insert into payments (id, order_id, method, status, amount_cents, phone, reference, receipt, result_code,
      result_desc, card_last4, card_brand, settled_at, created_at, updated_at)
    select i, o, m, s, a, p, r, rc, 0, 'The service request is processed successfully.', l4,
      case when l4 is null then null else 'visa' end, pa, c, pa
    from unnest(
      ${arr(orders.map((o) => o.payment.id))}::int[],
      ${arr(orders.map((o) => o.id))}::int[],
      ${arr(orders.map((o) => o.method))}::text[],
      ${arr(orders.map((o) => (o.status === 'cancelled' ? 'refunded' : 'paid')))}::text[],
      ${arr(orders.map((o) => o.totalCents))}::int[],
      ${arr(orders.map((o) => (o.method === 'mpesa' ? o.shopper.phone : null)))}::text[],
      ${arr(orders.map((o) => `${o.orderNumber}-1`))}::text[],
      ${arr(orders.map((o) => o.payment.receipt))}::text[],
      ${arr(orders.map((o) => o.payment.cardLast4))}::text[],
      ${arr(orders.map((o) => iso(o.paidAt)))}::timestamptz[],
      ${arr(orders.map((o) => iso(o.createdAt)))}::timestamptz[]) as u(i, o, m, s, a, p, r, rc, l4, pa, c)`)

  const { returns } = history
  if (returns.length > 0) {
    await t.execute(sql`
      insert into returns (id, order_id, vendor_order_id, state, method, amount_cents, refunded_cents, accepted_at,
        received_at, refunded_at, created_at, updated_at)
      select i, o, vo, 'refunded', m, a, a, ac, re, rf, c, rf from unnest(
        ${arr(returns.map((r) => r.id))}::int[],
        ${arr(returns.map((r) => r.orderId))}::int[],
        ${arr(returns.map((r) => r.partId))}::int[],
        ${arr(returns.map((r) => r.method))}::text[],
        ${arr(returns.map((r) => r.amountCents))}::int[],
        ${arr(returns.map((r) => iso(r.acceptedAt)))}::timestamptz[],
        ${arr(returns.map((r) => iso(r.receivedAt)))}::timestamptz[],
        ${arr(returns.map((r) => iso(r.refundedAt)))}::timestamptz[],
        ${arr(returns.map((r) => iso(r.requestedAt)))}::timestamptz[]) as u(i, o, vo, m, a, ac, re, rf, c)`)
    await t.execute(sql`
      insert into return_lines (return_id, order_item_id, quantity, reason)
      select * from unnest(
        ${arr(returns.map((r) => r.id))}::int[],
        ${arr(returns.map((r) => r.item.id))}::int[],
        ${arr(returns.map(() => 1))}::int[],
        ${arr(returns.map((r) => r.reason))}::text[])`)
  }

  const { refunds } = history
  if (refunds.length > 0) {
    await t.execute(sql`
      insert into refunds (id, payment_id, order_id, vendor_order_id, return_id, cause, method, state, goods_cents,
        delivery_cents, vat_cents, commission_cents, amount_cents, phone, originator_id, provider_reference,
        result_code, result_desc, attempts, reason, sent_at, created_at, updated_at)
      select i, p, o, vo, r, ca, m, 'sent', g, d, v, cm, g + d + v, ph, 'refund-' || i || '-1', pr, 0,
        'The service request is processed successfully.', 1, re, se, c, se
      from unnest(
        ${arr(refunds.map((r) => r.id))}::int[],
        ${arr(refunds.map((r) => r.paymentId))}::int[],
        ${arr(refunds.map((r) => r.orderId))}::int[],
        ${arr(refunds.map((r) => r.partId))}::int[],
        ${arr(refunds.map((r) => r.returnId))}::int[],
        ${arr(refunds.map((r) => r.cause))}::text[],
        ${arr(refunds.map((r) => r.method))}::text[],
        ${arr(refunds.map((r) => r.goodsCents))}::int[],
        ${arr(refunds.map((r) => r.deliveryCents))}::int[],
        ${arr(refunds.map((r) => r.vatCents))}::int[],
        ${arr(refunds.map((r) => r.commissionCents))}::int[],
        ${arr(refunds.map((r) => r.phone))}::text[],
        ${arr(refunds.map((r) => r.receipt))}::text[],
        ${arr(refunds.map((r) => r.reason))}::text[],
        ${arr(refunds.map((r) => iso(r.sentAt)))}::timestamptz[],
        ${arr(refunds.map((r) => iso(r.approvedAt)))}::timestamptz[])
        as u(i, p, o, vo, r, ca, m, g, d, v, cm, ph, pr, re, se, c)`)
  }

  // Every weekly payout, as the payouts module writes them (docs/decisions/0018-payouts.md): by M-Pesa B2C, started
  // by the schedule, paid with a receipt or failed with the reason.
  const payouts = history.payouts
  if (payouts.length > 0) {
    await t.execute(sql`
      insert into payouts (id, business_id, amount_cents, method, state, started_by, phone, originator_id,
        mpesa_receipt, result_code, result_desc, failure_reason, note, sent_at, settled_at, created_at, updated_at)
      select i, b, a, 'mpesa_b2c', s, 'schedule', ph, 'soko-demo-payout-' || i, r,
        case when s = 'paid' then '0' else '2040' end, f, f, 'Weekly M-Pesa payout', se, st, se, st
      from unnest(
        ${arr(payouts.map((p) => p.id))}::int[],
        ${arr(payouts.map((p) => p.vendorId))}::int[],
        ${arr(payouts.map((p) => p.amountCents))}::int[],
        ${arr(payouts.map((p) => p.state))}::text[],
        ${arr(payouts.map((p) => p.phone))}::text[],
        ${arr(payouts.map((p) => p.receipt))}::text[],
        ${arr(payouts.map((p) => p.failure))}::text[],
        ${arr(payouts.map((p) => iso(p.sentAt)))}::timestamptz[],
        ${arr(payouts.map((p) => iso(p.settledAt)))}::timestamptz[]) as u(i, b, a, s, ph, r, f, se, st)`)
  }

  const ledger = history.ledger.map((entry, i) => ({ ...entry, id: i + 1 }))
  await t.execute(sql`
    insert into ledger_transactions (id, key, kind, memo, reference_type, reference_id, created_at)
    select * from unnest(
      ${arr(ledger.map((l) => l.id))}::int[],
      ${arr(ledger.map((l) => l.tx.key))}::text[],
      ${arr(ledger.map((l) => l.tx.kind))}::text[],
      ${arr(ledger.map((l) => l.tx.memo))}::text[],
      ${arr(ledger.map((l) => l.tx.reference.type))}::text[],
      ${arr(ledger.map((l) => l.tx.reference.id))}::int[],
      ${arr(ledger.map((l) => iso(l.at)))}::timestamptz[])`)
  const entries = ledger.flatMap((l) => l.tx.entries.map((entry) => ({ transactionId: l.id, entry })))
  await t.execute(sql`
    insert into ledger_entries (transaction_id, account, vendor_id, side, cents)
    select * from unnest(
      ${arr(entries.map((e) => e.transactionId))}::int[],
      ${arr(entries.map((e) => e.entry.account.kind))}::text[],
      ${arr(entries.map((e) => ('vendorId' in e.entry.account ? e.entry.account.vendorId : null)))}::int[],
      ${arr(entries.map((e) => e.entry.side))}::text[],
      ${arr(entries.map((e) => e.entry.cents))}::bigint[])`)

  for (const table of [
    'orders',
    'vendor_orders',
    'order_items',
    'payments',
    'returns',
    'return_lines',
    'refunds',
    'payouts',
    'ledger_transactions',
    'ledger_entries',
  ]) {
    await t.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      ),
    )
  }
}
