import { Link } from 'react-router'
import { ContactDetails, PageSection, pageMeta, StaticPage } from '../features/pages/static-page.tsx'

export function meta() {
  return pageMeta(
    'Terms of Service',
    'The terms for buying and selling on Soko, the Kenyan online marketplace: orders, prices in KES, payment, delivery, 7-day returns and vendor rules.',
  )
}

export default function Terms() {
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
          Prices are in Kenyan shillings (KES). Delivery and VAT are shown at checkout before you pay. An order is
          accepted when your payment is confirmed; a vendor may cancel an order it cannot fulfil, in which case you get
          a full refund. If a price was clearly shown in error, we may cancel the order and refund you.
        </p>
      </PageSection>

      <PageSection title="4. Payment" id="payment">
        <p>
          You can pay with M-Pesa or with a Visa or Mastercard card. Payments are processed by Safaricom and our card
          provider; Soko never asks for your M-Pesa PIN.
        </p>
      </PageSection>

      <PageSection title="5. Delivery" id="delivery">
        <p>
          We deliver to all 47 counties. Delivery times are estimates; see{' '}
          <Link to="/shipping">Shipping &amp; Delivery</Link>. Risk in the goods passes to you on delivery.
        </p>
      </PageSection>

      <PageSection title="6. Returns and refunds" id="returns">
        <p>
          You may return an item within 7 days of delivery if it is unused and in its original packaging. Faulty,
          damaged or wrong items may be returned within the same 7 days at no cost to you. Perishable goods, opened
          personal-care products, underwear and made-to-order items cannot be returned unless faulty or wrong. Refunds
          are paid within 7 working days of the vendor receiving the item, to the M-Pesa number or card you paid with.
          These terms do not take away your rights under the Consumer Protection Act, 2012.
        </p>
      </PageSection>

      <PageSection title="7. Vendors" id="vendors">
        <p>
          Vendors must be verified before selling, describe their products honestly, hold the stock they list, ship on
          time and follow Kenyan law. Counterfeit, stolen, illegal and dangerous goods are forbidden. Soko may remove
          listings and suspend vendors who break these rules. Commission and payouts are described on{' '}
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
