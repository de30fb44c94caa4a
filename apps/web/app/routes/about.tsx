import { Link } from 'react-router'
import { ContactDetails, PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'

export function meta() {
  return pageMeta(
    'About Us',
    'Soko is a Kenyan online marketplace: shop from verified local vendors, pay with M-Pesa or card and get delivery to all 47 counties.',
  )
}

export default function About() {
  return (
    <StaticPage
      title="About Soko"
      lead="Soko is Kenya's online marketplace: one place to shop from hundreds of trusted local vendors, pay the way you already do, and get your order delivered anywhere in the country."
    >
      <PageSection title="Who we are" id="who-we-are">
        <p>
          Soko ("market" in Kiswahili) brings Kenya's shops online: electronics dealers in Nairobi, fashion houses in
          Mombasa, farm-fresh produce from the Rift Valley and crafts from every corner of the country. Vendors list
          their products and fulfil their own orders; we run the marketplace, take the payment safely and stand between
          shopper and seller when something goes wrong.
        </p>
        <p>
          Soko is open-source software built in Kenya, for Kenyan shoppers and businesses: prices in Kenyan shillings,
          M-Pesa as a first-class way to pay, and pages that load fast on an ordinary phone and a slow connection.
        </p>
      </PageSection>

      <PageSection title="How buying works" id="how-buying-works">
        <ol className="static-page__steps">
          <li>
            <strong>Find what you need.</strong> Search, or browse by category or shop. Every product shows its price,
            its seller and whether it is in stock.
          </li>
          <li>
            <strong>Add it to your cart.</strong> One cart holds items from as many vendors as you like.
          </li>
          <li>
            <strong>Check out and pay.</strong> Enter your delivery address and pay with M-Pesa or a Visa or Mastercard
            card. Delivery and VAT are shown before you pay.
          </li>
          <li>
            <strong>Receive your order.</strong> Each vendor packs and ships their part of your order; you get updates
            by SMS and email until it reaches you.
          </li>
        </ol>
      </PageSection>

      <PageSection title="Paying with M-Pesa or card" id="payments">
        <p>
          <strong>M-Pesa:</strong> choose M-Pesa at checkout and enter your Safaricom number. A payment request pops up
          on your phone; enter your M-Pesa PIN to approve it. You never share your PIN with us or with the vendor.
        </p>
        <p>
          <strong>Card:</strong> pay with Visa or Mastercard, including debit cards from Kenyan banks. Card details go
          straight to our payment provider; Soko never stores your card number.
        </p>
        <p>
          Your money is held by Soko until your order is confirmed, and refunds go back to the M-Pesa number or card you
          paid with.
        </p>
      </PageSection>

      <PageSection title="Delivery to all 47 counties" id="delivery">
        <p>
          We deliver countrywide: usually 1-2 working days within Nairobi, 2-4 days to major towns and 4-7 days to
          remote areas. See <Link to="/shipping">Shipping &amp; Delivery</Link> for details.
        </p>
      </PageSection>

      <PageSection title="Verified vendors" id="verified-vendors">
        <p>
          Every vendor on Soko is checked before they can sell. A shop with the <strong>Verified Seller</strong> mark
          has also shown us its business registration certificate, its KRA PIN and its owner's national ID, and has
          confirmed its phone number and payout account. We watch ratings and reviews, and we suspend vendors who do not
          deliver what they sell.
        </p>
        <p>
          Want to sell on Soko? See <Link to="/pricing">Sell on Soko</Link>.
        </p>
      </PageSection>

      <PageSection title="Contact us" id="contact">
        <ContactDetails />
      </PageSection>

      <StillNeedHelp />
    </StaticPage>
  )
}
