import { Link } from 'react-router'
import { deliveryFeePhrase } from '../features/pages/delivery-fees.tsx'
import { days, duration, either, fetchPolicies, hours, percent } from '../features/pages/policies.ts'
import { ContactDetails, PageSection, pageMeta, StaticPage } from '../features/pages/static-page.tsx'
import type { Route } from './+types/terms'

// The terms state the marketplace's rules as the server applies them: every number comes from GET /api/site/policies/.

export async function loader({ context }: Route.LoaderArgs) {
  return { policies: await fetchPolicies(context) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const returns = loaderData ? `${loaderData.policies.returnWindowDays}-day returns` : 'returns'
  return pageMeta(
    'Terms of Service',
    `The terms for buying and selling on Soko, the Kenyan online marketplace: orders, prices in KES, payment, delivery, ${returns} and vendor rules.`,
  )
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData
  const window = days(policies.returnWindowDays)
  return (
    <StaticPage
      title="Terms of Service"
      lead="These terms apply when you use Soko to browse, buy or sell. By placing an order or opening an account you agree to them."
    >
      <PageSection title="1. Soko is a marketplace" id="marketplace">
        <p>
          Products on Soko are sold by independent vendors. Your contract for a product is with its vendor; Soko runs
          the marketplace, takes your payment on the vendor's behalf and helps resolve problems between you.
        </p>
      </PageSection>

      <PageSection title="2. Your account" id="account">
        <p>
          Keep your password to yourself and tell us at once if you think someone else has used your account. You must
          be 18 or older to open an account, and the details you give us must be true.
        </p>
      </PageSection>

      <PageSection title="3. Orders and prices" id="orders">
        <p>
          Prices are in Kenyan shillings (KES). Delivery ({deliveryFeePhrase(policies.delivery)}, or a pickup station's
          fee) and VAT ({percent(policies.vatPercent)} of the items' price) are shown at checkout before you pay. An
          order is accepted when your payment is confirmed; an order not paid within{' '}
          {duration(policies.orderReservationSeconds)} is cancelled and its items go back on sale. You may cancel an
          order from its order page until any part of it has shipped; if you had paid, your payment is refunded in full.
          If a shop cannot fulfil an order, or a price was clearly shown in error, Soko may refund the order.
        </p>
      </PageSection>

      <PageSection title="4. Payment" id="payment">
        <p>
          You can pay with M-Pesa (a payment request sent to your phone) or by card on the secure page of our card
          provider. Payments are processed by Safaricom and our card provider; Soko never asks for your M-Pesa PIN and
          never receives your card number.
        </p>
      </PageSection>

      <PageSection title="5. Delivery" id="delivery">
        <p>
          Each shop sends its own items, by the courier, rider or own delivery it chooses, and delivery times depend on
          it; see <Link to="/shipping">Shipping &amp; Delivery</Link>. When your parcel arrives, confirm receipt on your
          order page; if you do not, receipt is confirmed {days(policies.deliveryConfirmDays)} after the shop marked it
          delivered. Risk in the goods passes to you on delivery.
        </p>
      </PageSection>

      <PageSection title="6. Returns and refunds" id="returns">
        <p>
          You may ask to return items within {window} of delivery, from your order page, giving a reason for each. The
          shop has {hours(policies.returnAnswerHours)} to accept the return (the items come back by{' '}
          {either(policies.returnMethods.map((method) => method.label.toLowerCase()))}) or refuse it with a reason. A
          refused return, or one the shop does not answer in time, goes to Soko's dispute desk, which decides on a full,
          partial or no refund and tells both sides why. A refund covers the price of the returned items, not the
          delivery fee or VAT; it is recorded when the shop confirms the items came back (or the dispute desk awards
          it), and Soko sends it back the way you paid. See <Link to="/returns">Returns &amp; Refunds</Link>. These
          terms do not take away your rights under the Consumer Protection Act, 2012.
        </p>
      </PageSection>

      <PageSection title="7. Vendors" id="vendors">
        <p>
          Vendors must describe their products honestly, hold the stock they list, send orders promptly and follow
          Kenyan law. Counterfeit, stolen, illegal and dangerous goods are forbidden. Soko may remove listings and
          suspend vendors who break these rules. A sale is paid out to its vendor, less Soko's{' '}
          {percent(policies.commissionPercent)} commission
          {policies.categoryCommissions.length > 0 ? ' (or its category’s own rate)' : ''}, once its delivery is
          confirmed and the {policies.returnWindowDays}-day return window has passed with no open return; see{' '}
          <Link to="/pricing">Sell on Soko</Link>.
        </p>
      </PageSection>

      <PageSection title="8. Acceptable use" id="use">
        <p>
          Do not misuse Soko: no fraud, no fake reviews, no attempts to break into accounts or systems, and no automated
          scraping that burdens the service.
        </p>
      </PageSection>

      <PageSection title="9. Liability" id="liability">
        <p>
          We work to keep Soko available and accurate but cannot promise it will always be. To the extent the law
          allows, Soko is not liable for indirect losses, and our liability for an order is limited to what you paid for
          it.
        </p>
      </PageSection>

      <PageSection title="10. Your data" id="data">
        <p>
          We handle your personal data as described in our <Link to="/privacy">Privacy Policy</Link>, under Kenya's Data
          Protection Act, 2019.
        </p>
      </PageSection>

      <PageSection title="11. Law and disputes" id="law">
        <p>
          These terms are governed by the laws of Kenya. Please contact us first so we can try to put things right;
          otherwise disputes go to the courts of Kenya.
        </p>
      </PageSection>

      <PageSection title="12. Changes and contact" id="contact">
        <p>We may update these terms; the version on this page applies to orders placed after it is published.</p>
        <ContactDetails />
      </PageSection>
    </StaticPage>
  )
}
