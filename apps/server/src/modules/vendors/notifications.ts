import { formatKes } from '@soko/domain/money'
import { letter, type MailMessage } from '../mail/mailer.ts'
import type { PaidPartRow } from '../orders/service.ts'

// Vendors hear about their paid orders by email (DESIGN D6, D7): one message per shop, listing only its own items;
// and their shop's owner hears when its payout number changes.

const nairobiTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/**
 * To the shop owner's sign-in address when the shop's M-Pesa payout number changes: whoever changed it may be
 * someone else holding their session, so it says when, shows only the last digits, and what to do.
 */
export function payoutPhoneChangedEmail(
  to: string,
  change: { shopName: string; newPhone: string; at: Date },
): MailMessage {
  return letter(to, `The M-Pesa payout number of ${change.shopName} was changed`, [
    `The M-Pesa payout number of your shop ${change.shopName} on Soko was changed on ` +
      `${nairobiTime.format(change.at)} (Nairobi time), to the number ending in …${change.newPhone.slice(-4)}.`,
    'Your earnings will be sent to that number from now on.',
    '',
    'If this was not you, reset your password now with "Forgot password" on the sign-in page (it signs out every ' +
      'device), put your own number back in your vendor portal, and contact us right away so that no payout ' +
      'goes to the new number.',
  ])
}

/** A shop's paid part of an order (as the orders module reads it), with the shop's name and address. */
export type PaidPart = PaidPartRow & { business_name: string; to_address: string }

/** A line of that part. */
export interface PaidPartItem {
  vendor_order_id: number
  product_name: string
  quantity: number
  line_total_cents: number
}

/**
 * A shop's new part of an order, paid (or, with `collectCents`, to be paid on delivery: the amount its rider
 * collects at the door).
 */
export function vendorPaidEmail(
  part: PaidPart,
  items: PaidPartItem[],
  portalLink: string,
  collectCents: number | null = null,
): MailMessage {
  const buyer = `${part.first_name} ${part.last_name} (${part.city}, ${part.county})`
  return letter(
    part.to_address,
    collectCents === null
      ? `New paid order ${part.order_number} for ${part.business_name}`
      : `New pay-on-delivery order ${part.order_number} for ${part.business_name}`,
    [
      collectCents === null
        ? `${buyer} has paid for order ${part.order_number}.`
        : `${buyer} placed order ${part.order_number}, to pay on delivery. Collect ${formatKes(collectCents)} ` +
          'in cash or by M-Pesa when your rider hands the parcel over, then record it in your vendor portal.',
      'Please pack and ship these items from your shop:',
      '',
      ...items.map((item) => `- ${item.product_name} × ${item.quantity}: ${formatKes(item.line_total_cents)}`),
      '',
      `Subtotal: ${formatKes(part.subtotal_cents)}`,
      `Soko commission: ${formatKes(part.commission_cents)}`,
      `Yours once delivered: ${formatKes(part.subtotal_cents - part.commission_cents)}`,
      '',
      'Mark it shipped (with the courier and tracking number) in your vendor portal:',
      portalLink,
    ],
  )
}

const nairobiDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

/** A shop's part whose delivery was just confirmed, as the vendor hears of it. */
export interface ConfirmedPart {
  to: string
  shopName: string
  orderNumber: string
  /** Who confirmed: the shopper, Soko support on the shopper's word, or the clock. */
  by: 'shopper' | 'admin' | 'auto' | 'station'
  /** The part's subtotal less the marketplace's commission. */
  netCents: number
  /** DELIVERY_CONFIRM_DAYS, for the words of a confirmation by itself. */
  confirmDays: number
  /** RETURN_WINDOW_DAYS, and when the money becomes available (that many days after the confirmation). */
  returnWindowDays: number
  availableFrom: Date
  payoutsLink: string
}

/**
 * To the shop's owner when its part's delivery is confirmed (decision 0012, "Money waits for the window"): the
 * part's money is pending from now and becomes available to pay out RETURN_WINDOW_DAYS later if no return is open.
 */
export function vendorDeliveryConfirmedEmail(part: ConfirmedPart): MailMessage {
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`
  const who = {
    shopper: `The shopper confirmed receiving your part of order ${part.orderNumber}.`,
    admin: `Soko support confirmed, on the shopper's word, that your part of order ${part.orderNumber} was received.`,
    auto:
      `Your part of order ${part.orderNumber} was taken as received: the shopper reported no problem within ` +
      `${days(part.confirmDays)} of delivery.`,
    station: `The shopper collected your part of order ${part.orderNumber} at the pickup station with their code.`,
  }[part.by]
  return letter(part.to, `Order ${part.orderNumber}: delivery confirmed for ${part.shopName}`, [
    who,
    '',
    `Your earnings from it, ${formatKes(part.netCents)} after Soko's commission, are pending during the ` +
      `${days(part.returnWindowDays)} return window and become available to pay out on ` +
      `${nairobiDay.format(part.availableFrom)}, unless a return is open then.`,
    '',
    'Your payouts:',
    part.payoutsLink,
  ])
}

/** A pickup parcel still at its station at its collect-by time, as its shop hears of it. */
export interface UncollectedParcel {
  to: string
  shopName: string
  orderNumber: string
  /** The station's name, address and town. */
  station: string
  arrivedAt: Date
  collectBy: Date
  ordersLink: string
}

/**
 * To the shop's owner when its parcel was not collected by its collect-by date (decision record "delivery options"):
 * the shop arranges its return with the station. Nothing is cancelled: until the parcel leaves the station the
 * shopper may still collect it with the code.
 */
export function parcelPastCollectByEmail(parcel: UncollectedParcel): MailMessage {
  return letter(parcel.to, `Order ${parcel.orderNumber}: parcel not collected from the pickup station`, [
    `Your parcel for order ${parcel.orderNumber} has been waiting at ${parcel.station} since ` +
      `${nairobiDay.format(parcel.arrivedAt)} and was not collected by ${nairobiDay.format(parcel.collectBy)}.`,
    '',
    'Please arrange its return with the station. The order is not cancelled: if the shopper comes for it before it ' +
      'leaves the station, hand it over against their collection code as usual.',
    '',
    'Your orders:',
    parcel.ordersLink,
  ])
}
