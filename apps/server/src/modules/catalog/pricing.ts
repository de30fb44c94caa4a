import type { CheckoutItem, Quote, QuoteLine, QuoteProblem } from '@soko/contract/checkout'
import type { DeliveryChoice } from '@soko/contract/delivery'
import type { QuoteVoucher } from '@soko/contract/vouchers'
import type { Db } from '@soko/db/client'
import { quoteAmounts } from '@soko/domain/checkout'
import { type DeliveryFees, type DeliverySnapshot, parcelCount } from '@soko/domain/delivery'
import { linePrice, saleMissMessage } from '@soko/domain/flash-sales'
import { centsToKes, formatKes, kesToCents } from '@soko/domain/money'
import type { DeliveryService, PricedDelivery } from '../delivery/service.ts'
import { productImageUrl } from '../media/media-url.ts'
import { type RunningSale, runningSalesFor } from './flash-sales.ts'
import { type ProductForQuote, productsForQuote } from './listing-read-model.ts'

export type { ProductForQuote }

/** The quote changed between what the shopper saw and what the order would cost: answered 409 with the new one. */
export class QuoteChangedError extends Error {
  constructor(
    readonly quote: Quote,
    message = 'Some items in your cart changed. Check the updated order and place it again.',
  ) {
    super(message)
    this.name = 'QuoteChangedError'
  }
}

export interface QuoteSettings {
  vatRateBp: number
}

/** How the order is delivered, as the quote prices it (the delivery module's fees and stations). */
export interface DeliveryRequest {
  choice: DeliveryChoice | undefined
  /** The delivery address's county (an order), or null (a cart not yet at checkout). */
  addressCounty: string | null
  /** The fees of the moment, read before the order's transaction. */
  fees: DeliveryFees
}

/** A quote line with what the order needs that the API does not show. */
export interface PricedLine extends QuoteLine {
  unitPriceCents: number
  businessName: string
  /** The product's category, whose commission rate its sale is charged (null: a line that cannot be bought). */
  categoryId: number | null
  /** The flash sale whose price the line has (decision 0024): the order takes that many of its units. */
  flashSaleId: number | null
}

/**
 * The voucher step (decision 0023): after the lines are priced, a voucher asked for is checked against them and
 * gives its discount, or says why not; the quote's amounts are then taken after the discount.
 */
export type VoucherStep = (db: Db, lines: readonly PricedLine[]) => Promise<VoucherResult>

export interface VoucherResult {
  /** What the quote shows. */
  view: QuoteVoucher
  /** Applied: the voucher, its discount and each vendor's share of it; null when refused. */
  applied: AppliedVoucher | null
}

export interface AppliedVoucher {
  voucherId: number
  code: string
  /** Who funds it: null the marketplace, else the shop. */
  funderBusinessId: number | null
  discountCents: number
  shares: readonly { vendorId: number; cents: number }[]
}

export interface PricedQuote {
  quote: Quote
  lines: PricedLine[]
  /** The voucher applied (null: none asked for, or refused). */
  voucher: AppliedVoucher | null
  subtotalCents: number
  discountCents: number
  shippingCents: number
  vatCents: number
  totalCents: number
  /** How it is delivered (null when nothing can be bought). */
  delivery: DeliverySnapshot | null
}

/**
 * Prices and stock as the cart, the quote and the order read them (from the database, never from the browser).
 * `settings` hold the VAT rate; the delivery fee comes from the delivery module for the shopper's choice.
 */
export class Pricing {
  constructor(
    private readonly db: Db,
    private readonly delivery: DeliveryService,
    private readonly settings: QuoteSettings,
  ) {}

  get vatRateBp(): number {
    return this.settings.vatRateBp
  }

  async quote(items: readonly CheckoutItem[], choice?: DeliveryChoice, voucher?: VoucherStep): Promise<Quote> {
    const fees = await this.delivery.fees()
    return (await this.price(this.db, items, { choice, addressCounty: null, fees }, false, voucher)).quote
  }

  /** The delivery fees of the moment: read before the order's transaction (PGlite has one connection). */
  deliveryFees(): Promise<DeliveryFees> {
    return this.delivery.fees()
  }

  /** The quote inside the order's transaction `t`, the products' rows locked: what was quoted is what is sold. */
  priceLocked(
    t: Db,
    items: readonly CheckoutItem[],
    delivery: DeliveryRequest,
    voucher?: VoucherStep,
  ): Promise<PricedQuote> {
    return this.price(t, items, delivery, true, voucher)
  }

  private price(
    db: Db,
    items: readonly CheckoutItem[],
    delivery: DeliveryRequest,
    lock = false,
    voucher?: VoucherStep,
  ) {
    return priceItems(
      db,
      items,
      this.settings,
      lock,
      (parcels) => this.delivery.price(db, delivery.fees, delivery.choice, delivery.addressCounty, parcels),
      voucher,
    )
  }

  /** The products of a cart as they are now (missing ones left out). */
  products(ids: number[]): Promise<ProductForQuote[]> {
    return productsForQuote(this.db, ids, false)
  }
}

/**
 * The one quote (DESIGN S2) for the cart, the order summary, the review step and the order itself: prices and
 * stock from the database, never from the browser. A line that changed since the shopper saw it is kept with the
 * change explained (lowered to the stock left, new price), or moved to `removed` when it cannot be bought at all.
 */
export async function priceItems(
  db: Db,
  items: readonly CheckoutItem[],
  settings: QuoteSettings,
  lock: boolean,
  priceDelivery: (parcels: number) => Promise<PricedDelivery>,
  voucherStep?: VoucherStep,
): Promise<PricedQuote> {
  const products = new Map(
    (
      await productsForQuote(
        db,
        items.map((item) => item.productId),
        lock,
      )
    ).map((product) => [product.id, product]),
  )
  // Read after the products' rows are locked: every order taking sale units holds its product's lock too.
  const sales = await runningSalesFor(db, [...products.keys()])
  const lines: PricedLine[] = []
  const removed: PricedLine[] = []
  for (const item of items) {
    const product = products.get(item.productId)
    const line = toLine(item, product, sales.get(item.productId))
    if (line.problem === 'unavailable' || line.problem === 'out_of_stock') removed.push(line)
    else lines.push(line)
  }
  const delivery = await priceDelivery(
    parcelCount(lines.map((line) => ({ businessId: line.business.id, quantity: line.quantity }))),
  )
  // The voucher step, after the lines are priced: a refused code leaves the quote as it was, with the reason.
  const voucher = voucherStep && lines.length > 0 ? await voucherStep(db, lines) : null
  const amounts = quoteAmounts(lines, delivery.feeCents, settings.vatRateBp, voucher?.applied?.discountCents ?? 0)
  return {
    quote: {
      currency: 'KES',
      lines: lines.map(publicLine),
      removed: removed.map(publicLine),
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotal: centsToKes(amounts.subtotalCents),
      discount: centsToKes(amounts.discountCents),
      voucher: voucher?.view ?? null,
      shipping: centsToKes(amounts.shippingCents),
      delivery: amounts.totalCents === 0 ? null : delivery.quote,
      vat: centsToKes(amounts.vatCents),
      vatRate: settings.vatRateBp / 10_000,
      total: centsToKes(amounts.totalCents),
      hasProblems: removed.length > 0 || lines.some((line) => line.problem !== null),
    },
    lines,
    voucher: voucher?.applied ?? null,
    ...amounts,
    delivery: amounts.totalCents === 0 ? null : delivery.snapshot,
  }
}

function publicLine({
  unitPriceCents: _unit,
  businessName: _name,
  categoryId: _category,
  flashSaleId: _sale,
  ...line
}: PricedLine): QuoteLine {
  return line
}

function toLine(item: CheckoutItem, product: ProductForQuote | undefined, sale: RunningSale | undefined): PricedLine {
  if (!product?.sellable) {
    return {
      productId: item.productId,
      name: product?.name ?? 'A product in your cart',
      slug: product?.slug ?? '',
      image: product?.image_id ? productImageUrl(product.image_id, 'thumbnail') : null,
      business: { id: product?.business_id ?? 0, name: product?.business_name ?? '' },
      businessName: product?.business_name ?? '',
      categoryId: product?.category_id ?? null,
      unitPrice: product ? centsToKes(product.effective_price_cents) : 0,
      unitPriceCents: product?.effective_price_cents ?? 0,
      originalPrice: product ? centsToKes(product.price_cents) : 0,
      quantity: 0,
      lineTotal: 0,
      stockQty: 0,
      problem: 'unavailable',
      message: `${product?.name ?? 'A product in your cart'} is no longer sold.`,
      previousPrice: null,
      flashSale: null,
      flashSaleId: null,
    }
  }
  const quantity = Math.min(item.quantity, product.stock_qty)
  // A running flash sale prices the whole line, or none of it (decision 0024).
  const price = linePrice(product.effective_price_cents, quantity, sale ?? null)
  const unitPriceCents = price.unitPriceCents
  const messages: string[] = []
  let problem: QuoteProblem | null = null
  if (product.stock_qty === 0) {
    problem = 'out_of_stock'
    messages.push(`${product.name} is sold out.`)
  } else if (quantity < item.quantity) {
    problem = 'insufficient_stock'
    messages.push(`Only ${product.stock_qty} left of ${product.name}: quantity lowered to ${quantity}.`)
  }
  const shownCents = item.price === undefined ? null : kesToCents(item.price)
  const priceChanged = shownCents !== null && shownCents !== unitPriceCents
  if (priceChanged && problem !== 'out_of_stock') {
    problem ??= 'price_changed'
    messages.push(`The price of ${product.name} changed from ${formatKes(shownCents)} to ${formatKes(unitPriceCents)}.`)
  }
  if (!price.onSale && price.miss !== null && sale) messages.push(saleMissMessage(product.name, price.miss, sale))
  return {
    productId: product.id,
    name: product.name,
    slug: product.slug,
    image: product.image_id ? productImageUrl(product.image_id, 'thumbnail') : null,
    business: { id: product.business_id, name: product.business_name },
    businessName: product.business_name,
    categoryId: product.category_id,
    unitPrice: centsToKes(unitPriceCents),
    unitPriceCents,
    originalPrice: centsToKes(product.price_cents),
    quantity,
    lineTotal: centsToKes(unitPriceCents * quantity),
    stockQty: product.stock_qty,
    problem,
    message: messages.length > 0 ? messages.join(' ') : null,
    previousPrice: priceChanged && shownCents !== null ? centsToKes(shownCents) : null,
    flashSale: price.onSale && sale ? { id: sale.id, endsAt: sale.endsAt.toISOString() } : null,
    flashSaleId: price.onSale && sale ? sale.id : null,
  }
}
