import { DELIVERY_ZONE_LABELS, type DeliverySnapshot } from '@soko/domain/delivery'
import { formatKes } from '@soko/domain/money'
import { type TimelineStep, timelineText } from '@soko/domain/vendor-part-states'
import { letter, type MailMessage } from '../mail/mailer.ts'
import type { OrderItemRow, OrderRow } from './repository.ts'

// Order emails, to the shopper who placed the order, greeted by name.

function toShopper(order: OrderRow, subject: string, body: string[]): MailMessage {
  return letter(order.email, subject, body, `Hello ${order.first_name},`)
}

function lines(items: OrderItemRow[]): string[] {
  return items.map((item) => `- ${item.product_name} × ${item.quantity}: ${formatKes(item.line_total_cents)}`)
}

/** The delivery line of the one quote (DESIGN S2): how, where and the estimated dates, for emails and receipts. */
export function deliveryLabel(delivery: DeliverySnapshot | null): string {
  if (!delivery) return 'Delivery'
  const parcels = delivery.parcels > 1 ? `, ${delivery.parcels} parcels` : ''
  return delivery.method === 'pickup'
    ? `Pickup at ${delivery.station?.name ?? 'the station'}${parcels}`
    : `Home delivery (${DELIVERY_ZONE_LABELS[delivery.zone]}${parcels})`
}

function where(order: OrderRow): string[] {
  const delivery = order.delivery
  const window = delivery ? `Estimated ${dayOf(delivery.earliest)} to ${dayOf(delivery.latest)}.` : null
  if (delivery?.method === 'pickup' && delivery.station) {
    const station = delivery.station
    return [
      'Collect at:',
      `${station.name}, ${station.address}, ${station.town}, ${station.county} (open ${station.openingHours})`,
      ...(window ? [window.replace('Estimated', 'Ready to collect, estimated')] : []),
      ...(order.collection_code ? [`Your collection code: ${order.collection_code}. Keep it private.`] : []),
    ]
  }
  const address = order.shipping_address
  return [
    'Delivering to:',
    `${order.first_name} ${order.last_name}, ${address.address}, ${address.city}, ${address.county}`,
    ...(window ? [window] : []),
  ]
}

export function orderConfirmedEmail(order: OrderRow, items: OrderItemRow[], orderLink: string): MailMessage {
  const onDelivery = order.payment_method === 'pay-on-delivery'
  return toShopper(order, `Order ${order.order_number} confirmed`, [
    onDelivery
      ? `Thank you for shopping on Soko. Your order ${order.order_number} is confirmed: you pay when it arrives, in ` +
        'cash or by M-Pesa to the rider. Each shop sends its own parcel, paid as it arrives.'
      : `Thank you for shopping on Soko. We received your payment for order ${order.order_number}.`,
    '',
    ...lines(items),
    '',
    `Subtotal: ${formatKes(order.subtotal_cents)}`,
    ...(order.discount_cents > 0 ? [`Voucher ${order.voucher_code ?? ''}: -${formatKes(order.discount_cents)}`] : []),
    `${deliveryLabel(order.delivery)}: ${formatKes(order.shipping_cents)}`,
    `VAT: ${formatKes(order.vat_cents)}`,
    onDelivery ? `To pay on delivery: ${formatKes(order.total_cents)}` : `Total paid: ${formatKes(order.total_cents)}`,
    '',
    ...where(order),
    '',
    'Each shop sends its items on its own; we will email you as they are shipped. Follow your order here:',
    orderLink,
  ])
}

export function orderCancelledEmail(
  order: OrderRow,
  reason: string,
  refundDue: boolean,
  orderLink: string,
): MailMessage {
  return toShopper(order, `Order ${order.order_number} cancelled`, [
    `Your order ${order.order_number} was cancelled: ${reason}`,
    refundDue ? `Your payment of ${formatKes(order.total_cents)} will be refunded to you.` : 'You were not charged.',
    '',
    orderLink,
  ])
}

const nairobiDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})
const dayOf = (at: string) => nairobiDay.format(new Date(at))

/** A pickup order's station, and where it is in words. */
function stationOf(order: OrderRow) {
  const station = order.delivery?.station
  return { station, where: station ? `${station.name}, ${station.address}, ${station.town}` : 'your pickup station' }
}

/** A pickup order's parcel reached its station: where, until when it waits, and the code to collect it with. */
export function parcelAtStationEmail(
  order: OrderRow,
  businessName: string,
  collectBy: Date,
  orderLink: string,
): MailMessage {
  const { station, where } = stationOf(order)
  return toShopper(order, `Order ${order.order_number}: your parcel is at ${station?.name ?? 'the station'}`, [
    `Your parcel from ${businessName} (order ${order.order_number}) is waiting for you at ${where}.`,
    ...(station ? [`Opening hours: ${station.openingHours}.`] : []),
    '',
    `Collect it with your code ${order.collection_code ?? ''} by ${nairobiDay.format(collectBy)}. Bring an ID; ` +
      'the station checks the code before handing the parcel over. Keep the code private.',
    '',
    orderLink,
  ])
}

/**
 * A day before a waiting parcel's collect-by time, if it is still at the station: the code, the station, its hours
 * and the date again, so the shopper can still collect it in time.
 */
export function parcelCollectSoonEmail(
  order: OrderRow,
  businessName: string,
  collectBy: Date,
  orderLink: string,
): MailMessage {
  const { station, where } = stationOf(order)
  return toShopper(order, `Order ${order.order_number}: collect your parcel by ${nairobiDay.format(collectBy)}`, [
    `A reminder: your parcel from ${businessName} (order ${order.order_number}) is still waiting for you at ` +
      `${where}.`,
    ...(station ? [`Opening hours: ${station.openingHours}.`] : []),
    '',
    `Please collect it by ${nairobiDay.format(collectBy)} with your code ${order.collection_code ?? ''}. Bring an ` +
      `ID. After that date the station may send it back to ${businessName}.`,
    '',
    orderLink,
  ])
}

/** What a shop did with its part of the order, and that part's timeline (the one the order page shows). */
export function vendorPartEmail(
  order: OrderRow,
  businessName: string,
  step: 'shipped' | 'delivered',
  timeline: readonly TimelineStep[],
  orderLink: string,
  autoConfirmAt: Date | null,
): MailMessage {
  return toShopper(
    order,
    step === 'shipped'
      ? `Order ${order.order_number}: ${businessName} shipped your items`
      : `Order ${order.order_number}: ${businessName} delivered your items`,
    [
      step === 'shipped'
        ? `${businessName} has shipped its part of your order ${order.order_number}.`
        : `${businessName} has delivered its part of your order ${order.order_number}. ${
            // Reviews need an account: a guest's order joins one made with its email once the address is verified.
            order.user_id === null
              ? 'To review what you bought, create a Soko account with this email address: the order joins it.'
              : 'You can now review what you bought.'
          }`,
      ...(step === 'delivered'
        ? [
            '',
            `Please confirm you received it on your order page${
              autoConfirmAt
                ? `; if you tell us nothing, we take it as received on ${nairobiDay.format(autoConfirmAt)}`
                : ''
            }. Something wrong with it? Open a return from the same page.`,
          ]
        : []),
      '',
      `${businessName}: your delivery so far`,
      ...timelineText(timeline, dayOf),
      '',
      orderLink,
    ],
  )
}

/**
 * Receipt of a shop's part confirmed for the shopper, by Soko support (on their word) or by itself after
 * DELIVERY_CONFIRM_DAYS: what happened, until when items can still go back, and the part's timeline. A shopper who
 * confirmed on the order page gets none (decision 0012): the page showed it at once.
 */
export function receiptConfirmedEmail(
  order: OrderRow,
  businessName: string,
  by: 'admin' | 'auto',
  detail: { timeline: readonly TimelineStep[]; orderLink: string; confirmDays: number; returnsUntil: Date | null },
): MailMessage {
  const days = `${detail.confirmDays} ${detail.confirmDays === 1 ? 'day' : 'days'}`
  return toShopper(order, `Order ${order.order_number}: receipt of your items from ${businessName} confirmed`, [
    by === 'auto'
      ? `${businessName} marked its part of your order ${order.order_number} delivered and no problem was ` +
        `reported within ${days}, so we have taken it as received.`
      : `Soko support has confirmed, as you told us, that you received ${businessName}'s part of your order ` +
        `${order.order_number}.`,
    ...(detail.returnsUntil
      ? [
          'Something wrong with an item? You can still return it from your order page until ' +
            `${nairobiDay.format(detail.returnsUntil)}.`,
        ]
      : []),
    '',
    `${businessName}: your delivery`,
    ...timelineText(detail.timeline, dayOf),
    '',
    detail.orderLink,
  ])
}

/** A refund reached the shopper: how much went back, and where ("M-Pesa 0712 *** 678", "your card"). */
export function refundSentEmail(
  order: OrderRow,
  amountCents: number,
  destination: string,
  orderLink: string,
): MailMessage {
  return toShopper(order, `Refund of ${formatKes(amountCents)} sent`, [
    `We have sent ${formatKes(amountCents)} back to ${destination} for your order ${order.order_number}.`,
    destination.startsWith('M-Pesa')
      ? 'M-Pesa will send you a confirmation message too.'
      : 'Your bank may take a few days to show it on your statement.',
    '',
    orderLink,
  ])
}

export function orderRefundedEmail(
  order: OrderRow,
  reason: string,
  reference: string | null,
  orderLink: string,
  /** What goes back: the order's total, less what its returns refunded already. */
  amountCents: number = order.total_cents,
): MailMessage {
  return toShopper(order, `Order ${order.order_number} refunded`, [
    `We have refunded your order ${order.order_number}: ${reason}`,
    `${formatKes(amountCents)} is on its way back to you${
      order.payment_method === 'mpesa' ? ' by M-Pesa, to the number you paid from' : ' to your card'
    }${reference ? ` (reference ${reference})` : ''}. We will email you again once it has been sent.`,
    '',
    orderLink,
  ])
}

/** A pay-on-delivery parcel the shopper refused at the door: it goes back to its shop, and pay on delivery ends. */
export function deliveryRefusedEmail(order: OrderRow, shopName: string, note: string, orderLink: string): MailMessage {
  return toShopper(order, `Delivery refused: order ${order.order_number}`, [
    `The parcel from ${shopName} in your order ${order.order_number} was refused at delivery, so it goes back to the ` +
      'shop and that part of your order is cancelled. Nothing was charged for it.',
    ...(note ? [`The shop noted: ${note}`] : []),
    '',
    'Because a delivery was refused, pay on delivery will not be offered for your next orders: pay by M-Pesa or card.',
    'If this is a mistake, reply to this email and tell us what happened.',
    '',
    orderLink,
  ])
}
