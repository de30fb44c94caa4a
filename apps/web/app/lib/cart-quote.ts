import type { CheckoutItem, Quote, QuoteLine } from '@soko/contract/checkout'
import type { DeliveryChoice, DeliveryQuote } from '@soko/contract/delivery'
import { MAX_LINE_QUANTITY } from '@soko/domain/checkout'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from './api-client.ts'
import type { CartItem } from './cart-store.ts'
import { formatKes } from './format.ts'

// The server's quote is the one source of totals (DESIGN S2): the cart's summary, the checkout's sidebar and its
// review step all show it. The browser sends ids, quantities and the prices it showed, so a changed price is
// reported to the shopper rather than charged silently.

/** What the quote is asked for: each line's product, quantity and the price the shopper was shown. */
export function quoteItems(cart: readonly CartItem[]): CheckoutItem[] {
  return cart.map((item) => ({
    productId: item.id,
    quantity: Math.min(item.quantity, MAX_LINE_QUANTITY),
    price: item.price,
  }))
}

export const quoteKey = (items: readonly CheckoutItem[], delivery?: DeliveryChoice, voucherCode = '') =>
  ['quote', JSON.stringify(items), JSON.stringify(delivery ?? null), voucherCode] as const

/**
 * The quote for these lines (and this delivery: without one, home delivery at the highest zone fee), kept while a
 * new one loads (the totals do not flicker when a quantity or the delivery changes).
 */
export function useQuote(items: readonly CheckoutItem[], enabled = true, delivery?: DeliveryChoice, voucherCode = '') {
  return useQuery({
    queryKey: quoteKey(items, delivery, voucherCode),
    queryFn: ({ signal }) =>
      call(
        'POST /api/checkout/quote/',
        {
          body: {
            items: [...items],
            ...(delivery ? { delivery } : {}),
            ...(voucherCode ? { voucherCode } : {}),
          },
        },
        { signal },
      ),
    enabled: enabled && items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: 1,
  })
}

/**
 * Whether these lines, delivered this way, to this phone and email, may be paid on delivery: the server's answer
 * (its total, the limit, any earlier refused delivery). Placing the order asks the same again.
 */
export function usePayOnDelivery(
  items: readonly CheckoutItem[],
  delivery: DeliveryChoice | undefined,
  contact: { phone: string; email: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: [
      'pay-on-delivery',
      JSON.stringify(items),
      JSON.stringify(delivery ?? null),
      contact.phone,
      contact.email,
    ],
    queryFn: ({ signal }) =>
      call(
        'POST /api/checkout/pay-on-delivery/',
        { body: { items: [...items], ...(delivery ? { delivery } : {}), phone: contact.phone, email: contact.email } },
        { signal },
      ),
    enabled: enabled && items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: 1,
  })
}

/** Puts a quote the server answered elsewhere (a 409 on placing the order) where useQuote finds it. */
export function useSetQuote() {
  const client = useQueryClient()
  return (items: readonly CheckoutItem[], quote: Quote, delivery?: DeliveryChoice, voucherCode = '') =>
    client.setQueryData(quoteKey(items, delivery, voucherCode), quote)
}

/**
 * The browser cart brought in line with a quote the shopper accepted: quantities lowered to what can be bought,
 * lines that cannot be bought dropped, prices and stock as the server says. Lines keep their place.
 */
export function cartFromQuote(cart: readonly CartItem[], quote: Quote): CartItem[] {
  const byProduct = new Map(quote.lines.map((line) => [line.productId, line]))
  return cart.flatMap((item) => {
    const line = byProduct.get(item.id)
    if (!line) return []
    return [
      {
        ...item,
        name: line.name,
        price: line.unitPrice,
        originalPrice: line.originalPrice,
        discountedPrice: line.unitPrice < line.originalPrice ? line.unitPrice : null,
        stock_qty: line.stockQty,
        quantity: Math.max(1, line.quantity),
      },
    ]
  })
}

/** What changed on a line, in a sentence: the server's own words, else ours. */
export function problemMessage(line: QuoteLine): string {
  if (line.message) return line.message
  switch (line.problem) {
    case 'unavailable':
      return `${line.name} is no longer available.`
    case 'out_of_stock':
      return `${line.name} is sold out.`
    case 'insufficient_stock':
      return `Only ${line.stockQty} of ${line.name} left: quantity lowered to ${line.quantity}.`
    case 'price_changed':
      return `The price of ${line.name} has changed.`
    default:
      return ''
  }
}

/** Every line the shopper must know about before paying: removed lines first, then lowered or repriced ones. */
export function quoteProblems(quote: Quote): QuoteLine[] {
  return [...quote.removed, ...quote.lines.filter((line) => line.problem !== null)]
}

/** The delivery row's label: how it is delivered (DESIGN S2: the one quote names its delivery everywhere). */
export function deliveryLabel(delivery: DeliveryQuote | null | undefined): string {
  if (!delivery) return 'Delivery'
  const parcels = delivery.parcels > 1 ? `, ${delivery.parcels} parcels` : ''
  if (delivery.method === 'pickup') return `Pickup at ${delivery.station?.name ?? 'a station'}${parcels}`
  return delivery.county ? `Home delivery, ${delivery.zoneLabel}${parcels}` : `Delivery${parcels}`
}

/** The subtotal, delivery and VAT of a quote or a placed order, as rows above its total. */
export function amountRows(
  amounts: {
    subtotal: number
    shipping: number
    vat: number
    delivery?: DeliveryQuote | null
    /** A voucher's discount (decision 0023) and its code, shown as its own row when there is one. */
    discount?: number
    voucherCode?: string | null
    voucher?: { code: string } | null
  },
  vatLabel = 'VAT',
): [string, string][] {
  const code = amounts.voucher?.code ?? amounts.voucherCode ?? ''
  return [
    ['Subtotal', formatKes(amounts.subtotal)],
    ...(amounts.discount && amounts.discount > 0
      ? [[`Voucher ${code}`.trim(), `−${formatKes(amounts.discount)}`] as [string, string]]
      : []),
    [deliveryLabel(amounts.delivery), formatKes(amounts.shipping)],
    [vatLabel, formatKes(amounts.vat)],
  ]
}

/** A quote's subtotal, delivery and VAT as a summary's rows (its total is the summary's last row). */
export function quoteRows(quote: Quote): [string, string][] {
  return amountRows(quote, `VAT (${Math.round(quote.vatRate * 100)}%)`)
}
