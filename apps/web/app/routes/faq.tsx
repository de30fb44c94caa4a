import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { deliveryFeePhrase, isFlatFee } from '../features/pages/delivery-fees.tsx'
import {
  days,
  duration,
  either,
  fetchPolicies,
  hours,
  listed,
  percent,
  type SitePolicies,
} from '../features/pages/policies.ts'
import { PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'
import { formatKes } from '../lib/format.ts'
import { site } from '../lib/site.ts'
import type { Route } from './+types/faq'

// Every answer says what the product does; every number and list in it comes from GET /api/site/policies/.

export async function loader({ context }: Route.LoaderArgs) {
  return { policies: await fetchPolicies(context) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const window = loaderData ? `${days(loaderData.policies.returnWindowDays)} ` : ''
  return pageMeta(
    'Frequently Asked Questions',
    `Answers about buying on Soko: paying with M-Pesa or card, ordering without an account, delivery, ${window}returns, refunds, verified sellers and your data.`,
  )
}

interface Question {
  question: string
  answer: ReactNode
}

function groups(policies: SitePolicies): { title: string; id: string; questions: Question[] }[] {
  const fee = deliveryFeePhrase(policies.delivery)
  const window = days(policies.returnWindowDays)
  return [
    {
      title: 'Orders and payment',
      id: 'faq-orders',
      questions: [
        {
          question: 'How do I pay with M-Pesa?',
          answer: (
            <p>
              Choose M-Pesa at checkout and enter your M-Pesa number. After you place the order, a payment request
              appears on your phone: enter your M-Pesa PIN to approve it, and your order page shows the payment once it
              is received. Never share your PIN with anyone, including people who say they work for Soko: Soko never
              asks for it.
            </p>
          ),
        },
        {
          question: 'Can I pay by card?',
          answer: (
            <p>
              Yes. Choose Credit Card at checkout: after you place the order you pay on the secure card page of our
              payment provider. Your card number is typed there only: it never reaches Soko.
            </p>
          ),
        },
        ...(policies.paymentMethods.some((method) => method.id === 'mpesa-paybill')
          ? [
              {
                question: 'Can I pay from my own M-Pesa menu (Paybill)?',
                answer: (
                  <p>
                    Yes. Choose <em>Pay via M-Pesa Paybill</em> at checkout. After you place the order we show our
                    business number and your order number: on your phone open M-Pesa, Lipa na M-Pesa, Pay Bill, enter
                    the business number, your order number as the account number and the exact total. Your order page
                    shows the payment as soon as M-Pesa confirms it.
                  </p>
                ),
              },
            ]
          : []),
        ...(policies.payOnDelivery
          ? [
              {
                question: 'Can I pay on delivery?',
                answer: (
                  <p>
                    {policies.payOnDelivery.rules} Choose <em>Pay on Delivery</em> at checkout: your order is confirmed
                    at once and each shop's parcel is paid as it arrives. A parcel refused at the door goes back to its
                    shop, and pay on delivery is then no longer offered to you.
                  </p>
                ),
              },
            ]
          : []),
        {
          question: 'How long is my order held while I pay?',
          answer: (
            <p>
              An order that is not paid yet holds its items for {duration(policies.orderReservationSeconds)}. If the
              payment has not arrived by then, the order is cancelled and its items go back on sale. Until then you can
              try the payment again from your order page.
            </p>
          ),
        },
        {
          question: 'Can I cancel my order?',
          answer: (
            <p>
              Yes, from your order page, until any part of it has shipped. If you had already paid, your payment is
              refunded in full.
            </p>
          ),
        },
        {
          question: 'Do I need an account to buy?',
          answer: (
            <p>
              No. You can check out without one: every email about your order has a link that opens it, and you can{' '}
              <Link to="/orders">find your order</Link> with its order number and the phone number or email you used at
              checkout. With an account you see all your orders in one place and can save addresses; once your account's
              email address is verified, orders you placed as a guest with that email join your account.{' '}
              <Link to="/signup">Creating one</Link> takes a minute.
            </p>
          ),
        },
        {
          question: 'Can I buy from several vendors in one order?',
          answer: (
            <p>
              Yes. Your cart can hold items from any number of shops and you pay once.{' '}
              {policies.delivery.extraVendorFee > 0
                ? `Each shop sends its own parcel, and every shop after the first adds ${formatKes(policies.delivery.extraVendorFee)} to the delivery fee.`
                : 'The delivery fee is charged once per order.'}{' '}
              Each shop sends its own items, so they may arrive separately.
            </p>
          ),
        },
        {
          question: 'Are prices in Kenyan shillings?',
          answer: (
            <p>
              Yes, every price on Soko is in Kenyan shillings (KSh). Delivery ({fee}) and VAT (
              {percent(policies.vatPercent)} of the items' price) are added at checkout, before you pay.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Delivery',
      id: 'faq-delivery',
      questions: [
        {
          question: 'Where do you deliver?',
          answer: (
            <p>
              You can order to an address in any of Kenya's 47 counties, or collect your order at one of{' '}
              {policies.delivery.stations.length} pickup stations. See{' '}
              <Link to="/shipping">Shipping &amp; Delivery</Link>.
            </p>
          ),
        },
        {
          question: 'How long does delivery take?',
          answer: (
            <p>
              {listed(
                policies.delivery.zones.map((zone) => `${zone.label}: ${zone.minDays}–${zone.maxDays} business days`),
              )}
              ; collection at a pickup station takes {days(policies.delivery.pickupExtraDays)} more. Checkout shows the
              estimated dates. You get an email and a text message when each shop ships its part, with the carrier and
              its tracking reference, and your order page shows every step. See{' '}
              <Link to="/shipping">Shipping &amp; Delivery</Link>.
            </p>
          ),
        },
        {
          question: 'How much is delivery?',
          answer: (
            <p>
              {fee.charAt(0).toUpperCase() + fee.slice(1)}
              {isFlatFee(policies.delivery) ? ', however many shops your items come from' : ', by your county'}. Pickup
              stations have their own fees. It is shown at checkout, with the VAT and the total, before you pay.
            </p>
          ),
        },
        {
          question: 'How do I confirm my order arrived?',
          answer: (
            <p>
              Press <em>Confirm receipt</em> for that shop's part on your order page, signed in or from the link in your
              order emails. If you do not, receipt is confirmed by itself {days(policies.deliveryConfirmDays)} after the
              shop marked the part delivered.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Returns and refunds',
      id: 'faq-returns',
      questions: [
        {
          question: 'Can I return an item?',
          answer: (
            <p>
              Yes: you can ask to return items within {window} of delivery, from your order page, choosing how many of
              each go back and why. The shop accepts or refuses. Read how it works in{' '}
              <Link to="/returns">Returns &amp; Refunds</Link>.
            </p>
          ),
        },
        {
          question: 'How do I start a return?',
          answer: (
            <p>
              Open your order (in your account, or from the link in any order email) and, under <em>Returns</em>, choose
              the items, how many, and a reason: {either(policies.returnReasons.map((reason) => reason.label))}. You can
              add up to {policies.returnPhotosMax} photos of the items. Then press <em>Request Return</em>. The shop is
              emailed and has {hours(policies.returnAnswerHours)} to answer; if it accepts, the items go back by{' '}
              {either(policies.returnMethods.map((method) => method.label.toLowerCase()))}.
            </p>
          ),
        },
        {
          question: 'What if the shop refuses my return?',
          answer: (
            <p>
              A refused return, or one the shop has not answered within {hours(policies.returnAnswerHours)}, goes to
              Soko's dispute desk. Our team looks at both sides and your photos and decides: a refund in full, a refund
              in part, or no refund, and emails you and the shop the reason.
            </p>
          ),
        },
        {
          question: 'When do I get my money back?',
          answer: (
            <p>
              When the shop confirms the items came back, or the dispute desk awards you a refund, the money goes back
              by itself the way you paid: to the M-Pesa number you paid from, or to your card. You are emailed and
              texted when it has been sent, and your order page shows how it stands. You get back the price of the items
              returned: the delivery fee and VAT are not refunded on a return.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Vendors and safety',
      id: 'faq-vendors',
      questions: [
        {
          question: 'What does "Verified Seller" mean?',
          answer: (
            <p>
              Soko's team has checked the shop's papers (its business registration certificate, KRA PIN and its owner's
              national ID) and marked it verified. A shop can sell before it is verified: the mark tells you which shops
              have been checked.
            </p>
          ),
        },
        {
          question: 'How do I sell on Soko?',
          answer: (
            <p>
              See <Link to="/pricing">Sell on Soko</Link>: listing is free and Soko takes a{' '}
              {percent(policies.commissionPercent)} commission
              {policies.categoryCommissions.length > 0 ? ' (some categories have a rate of their own)' : ''} only when
              you sell.
            </p>
          ),
        },
        {
          question: 'How do you protect my personal data?',
          answer: (
            <p>
              We handle your data under Kenya's Data Protection Act, 2019 and share with the shops you buy from only
              what they need to send your order. Read our <Link to="/privacy">Privacy Policy</Link>.
            </p>
          ),
        },
        {
          question: 'How can I reach you?',
          answer: (
            <p>
              Email <a href={`mailto:${site.email}`}>{site.email}</a>, call <a href={site.phoneHref}>{site.phone}</a> (
              {site.hours}) or use the <Link to="/contact">contact form</Link>.
            </p>
          ),
        },
      ],
    },
  ]
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <StaticPage
      title="Frequently Asked Questions"
      lead="Quick answers about ordering, paying, delivery and returns. Select a question to see its answer."
    >
      {groups(loaderData.policies).map((group) => (
        <PageSection key={group.id} title={group.title} id={group.id}>
          <div className="faq-group">
            {group.questions.map((item) => (
              <details key={item.question} className="faq-item">
                <summary>{item.question}</summary>
                <div className="faq-item__answer">{item.answer}</div>
              </details>
            ))}
          </div>
        </PageSection>
      ))}
      <StillNeedHelp />
    </StaticPage>
  )
}
