import type { ReturnView } from '@soko/contract/returns'
import { formatKes, kesToCents } from '@soko/domain/money'
import { letter, type MailMessage } from '../mail/mailer.ts'
import type { OrderRow } from './repository.ts'

// Return emails (decisions 0013, 0015): to the shop when its shopper opens one, to the shopper at each step the shop,
// the timer or the dispute desk takes, and to the shop when the timer or the desk moves its return.

function lineText(view: ReturnView): string[] {
  return view.lines.map(
    (line) => `- ${line.name} × ${line.quantity}: ${line.reasonLabel}${line.note ? ` (${line.note})` : ''}`,
  )
}

/** To the shop: a shopper asks to send items back. */
export function returnRequestedEmail(
  to: string,
  view: ReturnView,
  portalLink: string,
  answerHours: number,
): MailMessage {
  return letter(to, `Return requested for order ${view.orderNumber}`, [
    `The shopper of order ${view.orderNumber} asks to return these items to ${view.shopName}:`,
    '',
    ...lineText(view),
    '',
    `Refund if accepted: ${formatKes(kesToCents(view.amount))}`,
    '',
    `Accept it (drop-off or pickup) or refuse it with a reason in your vendor portal within ${answerHours} hours:`,
    portalLink,
    '',
    'A refused return, or one left unanswered that long, goes to the Soko dispute desk, where an admin decides it.',
  ])
}

function refundedText(view: ReturnView): string {
  return formatKes(kesToCents(view.refunded ?? view.amount))
}

/** What the shopper is told at each step the shop, the timer or the dispute desk takes. */
const SHOPPER_STEP = {
  accepted: (view: ReturnView) => [
    `${view.shopName} accepted your return for order ${view.orderNumber}.`,
    `How it goes back: ${view.methodLabel ?? ''}.`,
    'You are refunded once the shop confirms the items came back.',
  ],
  disputed: (view: ReturnView) => [
    view.disputeCause === 'refused'
      ? `${view.shopName} refused your return for order ${view.orderNumber}. Their reason: ${view.refusalReason ?? ''}`
      : `${view.shopName} did not answer your return for order ${view.orderNumber} in time.`,
    'Your return is now with the Soko dispute desk: an admin looks at both sides and your photos, and decides',
    'whether you are refunded. You will get an email with the decision and the reason for it.',
  ],
  refunded: (view: ReturnView) =>
    view.decisionNote
      ? [
          `Soko decided your disputed return for order ${view.orderNumber}: you are refunded ${refundedText(view)}.`,
          `Why: ${view.decisionNote}`,
          'The refund has been recorded and is on its way to you.',
        ]
      : [
          `${view.shopName} confirmed your returned items came back.`,
          `Your refund of ${refundedText(view)} has been recorded and is on its way to you.`,
        ],
  rejected: (view: ReturnView) => [
    `Soko decided your disputed return for order ${view.orderNumber}: it is rejected, and no refund is due.`,
    `Why: ${view.decisionNote ?? ''}`,
  ],
} as const

export type ShopperReturnStep = keyof typeof SHOPPER_STEP

/** To the shopper: the shop accepted or refused, the timer passed, the items came back, or the desk decided. */
export function returnStepEmail(
  order: OrderRow,
  step: ShopperReturnStep,
  view: ReturnView,
  orderLink: string,
): MailMessage {
  const subject = {
    accepted: `Order ${order.order_number}: your return was accepted`,
    disputed:
      view.disputeCause === 'refused'
        ? `Order ${order.order_number}: your return was refused, and Soko will decide`
        : `Order ${order.order_number}: the shop did not answer your return, and Soko will decide`,
    refunded: `Order ${order.order_number}: your return is refunded`,
    rejected: `Order ${order.order_number}: your return was rejected`,
  }[step]
  return letter(
    order.email,
    subject,
    [...SHOPPER_STEP[step](view), '', ...lineText(view), '', 'Follow your order here:', orderLink],
    `Hello ${order.first_name},`,
  )
}

/** To the shop: its return went to the dispute desk unanswered, or the desk decided it. */
export function shopDisputeEmail(
  to: string,
  step: 'unanswered' | 'refunded' | 'rejected',
  view: ReturnView,
  portalLink: string,
): MailMessage {
  const subject = {
    unanswered: `Return for order ${view.orderNumber} went to the dispute desk`,
    refunded: `Disputed return for order ${view.orderNumber}: refunded`,
    rejected: `Disputed return for order ${view.orderNumber}: rejected`,
  }[step]
  const body = {
    unanswered: [
      `You did not accept or refuse the return for order ${view.orderNumber} in time, so it went to the Soko`,
      'dispute desk: an admin will decide it. You will get an email with the decision.',
    ],
    refunded: [
      `Soko decided the disputed return for order ${view.orderNumber}: the shopper is refunded ${refundedText(view)}.`,
      `Why: ${view.decisionNote ?? ''}`,
    ],
    rejected: [
      `Soko decided the disputed return for order ${view.orderNumber}: it is rejected, no refund is due.`,
      `Why: ${view.decisionNote ?? ''}`,
    ],
  }[step]
  return letter(to, subject, [
    ...body,
    '',
    ...lineText(view),
    '',
    'Your returns are in your vendor portal:',
    portalLink,
  ])
}
