import type { ReturnView } from '@soko/contract/returns'
import { formatKes, kesToCents } from '@soko/domain/money'
import { letter, type MailMessage } from '../mail/mailer.ts'
import type { OrderRow } from './repository.ts'

// Return emails (decision 0013): to the shop when its shopper opens one, to the shopper at each of the shop's steps.

function lineText(view: ReturnView): string[] {
  return view.lines.map(
    (line) => `- ${line.name} × ${line.quantity}: ${line.reasonLabel}${line.note ? ` (${line.note})` : ''}`,
  )
}

/** To the shop: a shopper asks to send items back. */
export function returnRequestedEmail(to: string, view: ReturnView, portalLink: string): MailMessage {
  return letter(to, `Return requested for order ${view.orderNumber}`, [
    `The shopper of order ${view.orderNumber} asks to return these items to ${view.shopName}:`,
    '',
    ...lineText(view),
    '',
    `Refund if accepted: ${formatKes(kesToCents(view.amount))}`,
    '',
    'Accept it (drop-off or pickup) or refuse it with a reason in your vendor portal:',
    portalLink,
  ])
}

const SHOPPER_STEP = {
  accepted: (view: ReturnView) => [
    `${view.shopName} accepted your return for order ${view.orderNumber}.`,
    `How it goes back: ${view.methodLabel ?? ''}.`,
    'You are refunded once the shop confirms the items came back.',
  ],
  refused: (view: ReturnView) => [
    `${view.shopName} refused your return for order ${view.orderNumber}.`,
    `Their reason: ${view.refusalReason ?? ''}`,
    'If you disagree, reply to this email or contact Soko support.',
  ],
  refunded: (view: ReturnView) => [
    `${view.shopName} confirmed your returned items came back.`,
    `Your refund of ${formatKes(kesToCents(view.amount))} has been recorded and is on its way to you.`,
  ],
} as const

/** To the shopper: the shop accepted, refused, or received the items (and the refund was recorded). */
export function returnStepEmail(
  order: OrderRow,
  step: keyof typeof SHOPPER_STEP,
  view: ReturnView,
  orderLink: string,
): MailMessage {
  const subject = {
    accepted: `Order ${order.order_number}: your return was accepted`,
    refused: `Order ${order.order_number}: your return was refused`,
    refunded: `Order ${order.order_number}: your return is refunded`,
  }[step]
  return letter(
    order.email,
    subject,
    [...SHOPPER_STEP[step](view), '', ...lineText(view), '', 'Follow your order here:', orderLink],
    `Hello ${order.first_name},`,
  )
}
