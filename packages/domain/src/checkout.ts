import type { Cents } from './money.ts'

/** At most this many different products per order (and per saved cart), and this many of each. */
export const MAX_CHECKOUT_LINES = 100
export const MAX_LINE_QUANTITY = 99

/** What the quote needs of a line: the unit price the shopper pays now (cents) and how many. */
export interface QuoteLineAmounts {
  unitPriceCents: Cents
  quantity: number
}

export interface QuoteAmounts {
  subtotalCents: Cents
  /** A voucher's discount off the goods (0: none). */
  discountCents: Cents
  shippingCents: Cents
  vatCents: Cents
  totalCents: Cents
}

/**
 * The one quote (DESIGN S2): the subtotal from the database's prices, less a voucher's discount, a flat delivery fee
 * per order (when anything is bought), and VAT on the goods as paid (after the discount: decision 0023). M-Pesa takes
 * whole shillings only, so VAT is rounded (half up) to the amount that makes the total a whole number of shillings:
 * never more than 50 cents from the exact VAT. total = subtotal − discount + delivery + VAT.
 */
export function quoteAmounts(
  lines: readonly QuoteLineAmounts[],
  shippingCents: Cents,
  vatRateBp: number,
  discountCents: Cents = 0,
): QuoteAmounts {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
  if (subtotalCents === 0) return { subtotalCents: 0, discountCents: 0, shippingCents: 0, vatCents: 0, totalCents: 0 }
  if (!Number.isSafeInteger(discountCents) || discountCents < 0 || discountCents >= subtotalCents) {
    throw new RangeError('a discount is whole cents, zero or more and less than the goods')
  }
  const goodsCents = subtotalCents - discountCents
  const exactVat = (goodsCents * vatRateBp) / 10_000
  const totalCents = Math.round((goodsCents + shippingCents + exactVat) / 100) * 100
  return { subtotalCents, discountCents, shippingCents, vatCents: totalCents - goodsCents - shippingCents, totalCents }
}

/** Crockford's base 32: digits and capitals without I, L, O and U, so an order number read aloud is not misheard. */
const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** How many random bytes an order number is spelt from: one per character. */
export const ORDER_NUMBER_BYTES = 6

/**
 * The order number such as `SK-7KQ2M9` that six random bytes spell: 32^6 ≈ 1 billion of them; the database's unique
 * index catches a repeat. The caller draws the bytes, so this package stays free of any runtime's crypto.
 */
export function orderNumberFrom(bytes: Uint8Array): string {
  if (bytes.length !== ORDER_NUMBER_BYTES) throw new RangeError(`an order number takes ${ORDER_NUMBER_BYTES} bytes`)
  // 32 divides 256, so taking each random byte modulo 32 favours no character.
  return `SK-${Array.from(bytes, (byte) => ORDER_NUMBER_ALPHABET[byte % 32]).join('')}`
}
