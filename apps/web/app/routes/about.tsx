import { Link } from 'react-router'
import { ContactDetails, PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'

export function meta() {
  return pageMeta(
    'About Us',
    "Soko is a Kenyan online marketplace: shop from local vendors, pay with M-Pesa or card and order to any of Kenya's 47 counties.",
  )
}

export default function About() {
  return (
    <StaticPage
      title="About Soko"
      lead="Soko is Kenya's online marketplace: one place to shop from local vendors, pay the way you already do, and order to anywhere in the country."
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
            <strong>Check out and pay.</strong> Enter your delivery address and pay with M-Pesa or by card, with or
            without an account. Delivery and VAT are shown before you pay.
          </li>
          <li>
            <strong>Receive your order.</strong> Each vendor packs and ships their part of your order. You get an email
            when each part ships and when it is delivered, and your order page shows every step.
          </li>
        </ol>
      </PageSection>

      <PageSection title="Paying with M-Pesa or card" id="payments">
        <p>
          <strong>M-Pesa:</strong> choose M-Pesa at checkout and enter your M-Pesa number. A payment request pops up on
          your phone; enter your M-Pesa PIN to approve it. You never share your PIN with us or with the vendor.
        </p>
        <p>
          <strong>Card:</strong> after you place your order you pay on the secure card page of our payment provider.
          Your card number is typed there only: it never reaches Soko.
        </p>
        <p>
          Soko pays each vendor its share only after its delivery is confirmed and the return window has passed, and
          refunds go back the way you paid. See <Link to="/returns">Returns &amp; Refunds</Link>.
        </p>
      </PageSection>

      <PageSection title="Delivery to all 47 counties" id="delivery">
        <p>
          You can order to an address in any of Kenya's 47 counties. Each vendor sends its own items, by courier, rider
          or its own delivery, so delivery times depend on the vendor. See{' '}
          <Link to="/shipping">Shipping &amp; Delivery</Link> for details.
        </p>
      </PageSection>

      <PageSection title="Verified vendors" id="verified-vendors">
        <p>
          A shop with the <strong>Verified Seller</strong> mark has shown us its business registration certificate, its
          KRA PIN and its owner's national ID. Shoppers rate and review what they bought, and we suspend vendors who
          break our rules: a suspended shop leaves the marketplace at once.
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
