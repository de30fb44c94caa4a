import { type CheckoutItem, type PlaceOrderRequest, type Quote, QuoteChangedSchema } from '@soko/contract/checkout'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError, call } from '../../lib/api-client.ts'
import { useSetQuote } from '../../lib/cart-quote.ts'
import { clearCart } from '../../lib/cart-store.ts'
import { fieldErrors } from '../../lib/form-errors.ts'
import { orderKeys, rememberOrder } from '../../lib/orders.ts'
import { type CheckoutValues, type FieldErrors, orderBody, quoteDelivery, validate } from './checkout-form.ts'
import { attemptKey, clearDraft, markCardRedirect } from './checkout-storage.ts'
import { placeFailure } from './place-failure.ts'

export interface PlaceOrderInput {
  values: CheckoutValues
  items: CheckoutItem[]
  acceptTerms: boolean
  /** The quote the shopper sees; the order is placed at its total. */
  quote: Quote | undefined
  /** Asks for a fresh quote (the stock changed). */
  refetchQuote: () => void
  /** Shows field errors and goes to the first step with one; false when there were none. */
  showErrors: (errors: FieldErrors) => boolean
}

/**
 * Place Order: once at a time (a double click sends one order, under one idempotency key per attempt), then the
 * Confirmation step of the placed order. A refusal keeps everything typed: its sentence, the server's changed
 * quote, and the fields it refused at their steps.
 */
export function usePlaceOrder() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const setQuote = useSetQuote()
  const [isPlacing, setPlacing] = useState(false)
  const [failure, setFailure] = useState('')
  const placingRef = useRef(false)
  const hasPlacedRef = useRef(false)
  const hasPlaced = useCallback(() => hasPlacedRef.current, [])

  const place = async ({ values, items, acceptTerms, quote, refetchQuote, showErrors }: PlaceOrderInput) => {
    if (placingRef.current || !quote) return
    // The voucher the quote applied goes with the order (placing checks it again); one it refused does not.
    const voucherCode = quote.voucher?.applied ? quote.voucher.code : undefined
    const body = { ...orderBody(values, items, acceptTerms, quote.total), ...(voucherCode ? { voucherCode } : {}) }
    if (showErrors(validate(body))) return
    placingRef.current = true
    setPlacing(true)
    setFailure('')
    try {
      const { order, orderToken } = await call(
        'POST /api/checkout/orders/',
        // validate() found nothing wrong: the body passes the schema the server checks it with.
        { body: body as PlaceOrderRequest },
        { headers: { 'Idempotency-Key': attemptKey(body) } },
      )
      hasPlacedRef.current = true
      rememberOrder(order.orderNumber, orderToken)
      client.setQueryData(orderKeys.order(order.orderNumber), order)
      if (order.paymentMethod === 'credit-card') markCardRedirect(order.orderNumber)
      clearDraft()
      navigate(`/checkout?order=${encodeURIComponent(order.orderNumber)}`, { replace: true })
      // After the step changed: the cart emptied here must not send the shopper back to /cart.
      clearCart()
    } catch (error) {
      placingRef.current = false
      setFailure(placeFailure(error))
      if (error instanceof ApiError) {
        const changed = QuoteChangedSchema.safeParse(error.payload)
        if (changed.success) setQuote(items, changed.data.quote, quoteDelivery(values), quote.voucher?.code ?? '')
        else if (error.code === 'out_of_stock') refetchQuote()
        // The server names the same fields as the form (the request's own field names).
        showErrors(fieldErrors(error) as FieldErrors)
      }
    } finally {
      setPlacing(false)
    }
  }

  return {
    place,
    isPlacing,
    /** Why the order could not be placed, in a sentence; '' when nothing failed. */
    failure,
    clearFailure: () => setFailure(''),
    /** Whether this visit placed an order (its emptied cart is not a reason to leave). */
    hasPlaced,
  }
}
