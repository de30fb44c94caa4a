import { type Cents, centsToKes, kesToCents } from './money.ts'

/** What the cart arithmetic needs of a line: the unit price the shopper pays (KES) and how many. */
export interface CartLineAmounts {
  price: number
  quantity: number
}

export interface CartTotals {
  /** Each line's price times quantity (KES), in the order given. */
  lineSubtotals: number[]
  /** The sum of the line subtotals (KES): the cart's 'Total Amount' before shipping and VAT. */
  subtotal: number
  subtotalCents: Cents
  /** The sum of the quantities: the navigation bar's badge. */
  itemCount: number
}

/** A whole quantity of at least zero; anything unreadable counts as none. */
function wholeQuantity(quantity: number): number {
  return Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0
}

/** A price in cents; a negative or unreadable one counts as zero (the server quote is the real price anyway). */
function priceCents(price: number): Cents {
  return Number.isFinite(price) && price > 0 ? kesToCents(price) : 0
}

/**
 * The cart's arithmetic (specification section 9): the total is the sum of price times quantity, the count the sum
 * of quantities. Worked in integer cents so that 3 × KSh 0.10 is KSh 0.30, not 0.30000000000000004; KES in and out.
 * Shipping and VAT are not here: the server's quote adds them at checkout (DESIGN S2).
 */
export function cartTotals(lines: readonly CartLineAmounts[]): CartTotals {
  let subtotalCents = 0
  let itemCount = 0
  const lineSubtotals = lines.map((line) => {
    const quantity = wholeQuantity(line.quantity)
    const lineCents = priceCents(line.price) * quantity
    subtotalCents += lineCents
    itemCount += quantity
    return centsToKes(lineCents)
  })
  return { lineSubtotals, subtotal: centsToKes(subtotalCents), subtotalCents, itemCount }
}
