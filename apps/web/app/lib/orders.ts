import type { PaymentState, RetryPaymentBody } from '@soko/contract/checkout'
import { ORDER_TOKEN_HEADER } from '@soko/contract/checkout-options'
import type { OpenReturnRequest } from '@soko/contract/returns'
import { type CallOptions, call } from './api-client.ts'
import { uploadPhotos } from './photo-upload.ts'

// The calls that follow one order after it is placed (checkout's confirmation, the account's order page). A guest
// proves the order is theirs with the token the placing answered; a signed-in owner needs none (the cookie).

/** Where this tab keeps the tokens of the orders it placed, so a reload (or the card page's return) keeps following. */
export const ORDER_TOKENS_KEY = 'soko:order-tokens'

type Tokens = Record<string, string>

function readTokens(): Tokens {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(ORDER_TOKENS_KEY) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    )
  } catch {
    return {}
  }
}

/** The token of an order placed in this tab, or null (another tab, or the owner signed in). */
export function getOrderToken(orderNumber: string): string | null {
  if (typeof window === 'undefined') return null
  return readTokens()[orderNumber.toUpperCase()] ?? null
}

export function rememberOrder(orderNumber: string, orderToken: string): void {
  try {
    const tokens = readTokens()
    tokens[orderNumber.toUpperCase()] = orderToken
    window.sessionStorage.setItem(ORDER_TOKENS_KEY, JSON.stringify(tokens))
  } catch (error) {
    console.warn('Could not keep the order token', error)
  }
}

/** The most recent order placed in this tab, for the /orders page. */
export function getLastOrderNumber(): string | null {
  const numbers = Object.keys(readTokens())
  return numbers.at(-1) ?? null
}

/** The page that opens an order for its buyer without an account (the emailed link's form). */
export function guestOrderPath(orderNumber: string, token: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`
}

/** The order's own token, when this tab has it (a signed-in owner needs none). */
const withToken = (token: string | null): CallOptions => ({ headers: token ? { [ORDER_TOKEN_HEADER]: token } : {} })

export const orderKeys = {
  order: (orderNumber: string) => ['order', orderNumber.toUpperCase()] as const,
  payment: (orderNumber: string) => ['order', orderNumber.toUpperCase(), 'payment'] as const,
  returns: (orderNumber: string) => ['order', orderNumber.toUpperCase(), 'returns'] as const,
}

export const fetchOrder = (orderNumber: string, token: string | null) =>
  call('GET /api/checkout/orders/:orderNumber/', { params: { orderNumber } }, withToken(token))

export const fetchPayment = (orderNumber: string, token: string | null) =>
  call('GET /api/checkout/orders/:orderNumber/payment/', { params: { orderNumber } }, withToken(token))

/** A new M-Pesa prompt (to the same or another number) or a new card page; 409 while a prompt is still pending. */
export const retryPayment = (orderNumber: string, token: string | null, body: RetryPaymentBody) =>
  call('POST /api/checkout/orders/:orderNumber/payment/', { params: { orderNumber }, body }, withToken(token))

export const cancelOrder = (orderNumber: string, token: string | null) =>
  call('POST /api/checkout/orders/:orderNumber/cancel/', { params: { orderNumber } }, withToken(token))

/** The shopper confirms receiving a vendor's part of the order; answers the order as it is now. */
export const confirmReceipt = (orderNumber: string, partId: number, token: string | null) =>
  call(
    'POST /api/checkout/orders/:orderNumber/parts/:partId/confirm/',
    { params: { orderNumber, partId } },
    withToken(token),
  )

/** The order's returns and what may still go back (decision 0013). */
export const fetchReturns = (orderNumber: string, token: string | null) =>
  call('GET /api/checkout/orders/:orderNumber/returns/', { params: { orderNumber } }, withToken(token))

/** The shopper returns items of one delivered part; answers the return opened. */
export const openReturn = (orderNumber: string, token: string | null, body: OpenReturnRequest) =>
  call('POST /api/checkout/orders/:orderNumber/returns/', { params: { orderNumber }, body }, withToken(token))

/** Adds photos of the items to an open return (multipart, with the order's token for a guest); answers the return. */
export const addReturnPhotos = (orderNumber: string, token: string | null, id: number, files: readonly File[]) =>
  uploadPhotos('POST /api/checkout/orders/:orderNumber/returns/:id/photos/', { orderNumber, id }, files, {
    headers: token ? { [ORDER_TOKEN_HEADER]: token } : {},
  })

/** Whether a payment is still waiting for the shopper or the provider (polling goes on). */
/** A payment still coming in (followed live); pay on delivery is paid at the door, nothing to wait for here. */
export const isPaymentPending = (payment: PaymentState | null | undefined) =>
  payment?.status === 'pending' && payment.method !== 'pay-on-delivery'
