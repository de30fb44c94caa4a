import { type Db, queryRows } from '@soko/db/client'
import { formatKes } from '@soko/domain/money'
import { sql } from 'drizzle-orm'
import type { Mailer, MailMessage } from '../mail/mailer.ts'

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
  return {
    to,
    subject: `The M-Pesa payout number of ${change.shopName} was changed`,
    text: [
      'Hello,',
      '',
      `The M-Pesa payout number of your shop ${change.shopName} on Soko was changed on ` +
        `${nairobiTime.format(change.at)} (Nairobi time), to the number ending in …${change.newPhone.slice(-4)}.`,
      'Your earnings will be sent to that number from now on.',
      '',
      'If this was not you, reset your password now with "Forgot password" on the sign-in page (it signs out every ' +
        'device), put your own number back in your vendor portal, and contact us right away so that no payout ' +
        'goes to the new number.',
      '',
      'Soko',
    ].join('\n'),
  }
}

interface PaidPartRow {
  vendor_order_id: number
  order_number: string
  business_name: string
  to_address: string
  subtotal_cents: number
  commission_cents: number
  first_name: string
  last_name: string
  city: string
  county: string
}

interface PartItemRow {
  vendor_order_id: number
  product_name: string
  quantity: number
  line_total_cents: number
}

export function vendorPaidEmail(part: PaidPartRow, items: PartItemRow[], portalLink: string): MailMessage {
  return {
    to: part.to_address,
    subject: `New paid order ${part.order_number} for ${part.business_name}`,
    text: [
      'Hello,',
      '',
      `${part.first_name} ${part.last_name} (${part.city}, ${part.county}) has paid for order ${part.order_number}.`,
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
      '',
      'Soko',
    ].join('\n'),
  }
}

/**
 * Writes one email per shop whose part of the order is paid into the outbox, inside the caller's transaction (the
 * one that marks the order paid), and returns their ids for `mailer.deliver` after commit. The shop's owner is
 * written to at their sign-in address (the shop's contact address when it has no owner).
 */
export async function enqueueVendorPaidEmails(
  t: Db,
  mailer: Mailer,
  orderId: number,
  publicUrl: string,
): Promise<number[]> {
  const parts = await queryRows<PaidPartRow>(
    t,
    sql`select v.id as vendor_order_id, o.order_number, b.name as business_name,
          coalesce(nullif(u.email, ''), b.email) as to_address, v.subtotal_cents, v.commission_cents,
          o.first_name, o.last_name, o.shipping_address->>'city' as city, o.shipping_address->>'county' as county
        from vendor_orders v join orders o on o.id = v.order_id join businesses b on b.id = v.business_id
        left join users u on u.id = b.owner_id
        where v.order_id = ${orderId} and v.status = 'paid'
        order by v.id`,
  )
  const recipients = parts.filter((part) => part.to_address)
  if (recipients.length === 0) return []
  const items = await queryRows<PartItemRow>(
    t,
    sql`select vendor_order_id, product_name, quantity, line_total_cents from order_items
        where order_id = ${orderId} order by id`,
  )
  const ids: number[] = []
  for (const part of recipients) {
    const own = items.filter((item) => item.vendor_order_id === part.vendor_order_id)
    ids.push(await mailer.enqueue(t, vendorPaidEmail(part, own, `${publicUrl}/vendor-portal/orders`)))
  }
  return ids
}
