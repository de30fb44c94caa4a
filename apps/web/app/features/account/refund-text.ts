import type { RefundView } from '@soko/contract/checkout'
import { formatKes } from '../../lib/format.ts'

/** A refund as its shopper reads it on the order page: how much, where to, and how far it has got. */
export function refundText(refund: RefundView): string {
  const amount = `Refund of ${formatKes(refund.amount)}`
  if (refund.state === 'sent') return `${amount} sent to ${refund.destination}`
  if (refund.state === 'failed') return `${amount} to ${refund.destination} failed, we are on it`
  return `${amount} being sent to ${refund.destination}`
}
