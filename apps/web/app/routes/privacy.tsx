import { ContactDetails, PageSection, pageMeta, StaticPage } from '../features/pages/static-page.tsx'
import { site } from '../lib/site.ts'

export function meta() {
  return pageMeta(
    'Privacy Policy',
    "How Soko collects, uses, shares and protects your personal data under Kenya's Data Protection Act, 2019, and how to exercise your rights.",
  )
}

export default function Privacy() {
  return (
    <StaticPage
      title="Privacy Policy"
      lead="This policy explains what personal data Soko collects, why, who we share it with and the rights you have under Kenya's Data Protection Act, 2019."
    >
      <PageSection title="Who we are" id="who-we-are">
        <p>
          Soko operates this marketplace and is the data controller for the personal data described here. Vendors who
          fulfil your orders receive some of your data and are responsible for handling it lawfully too.
        </p>
      </PageSection>

      <PageSection title="What we collect" id="what-we-collect">
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, phone number and password (stored only as a
            one-way hash).
          </li>
          <li>
            <strong>Order details:</strong> delivery addresses, the items you buy and your order history.
          </li>
          <li>
            <strong>Payment details:</strong> the M-Pesa number you pay from and payment confirmations. Card numbers go
            straight to our payment provider; we never see or store them in full.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form, by email or by phone.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser type and the pages you visit, kept in server logs
            to run the service securely and to prevent abuse.
          </li>
        </ul>
      </PageSection>

      <PageSection title="Why we use it" id="why">
        <p>We process your data only for specific, lawful purposes:</p>
        <ul>
          <li>to take, deliver and support your orders (performance of our contract with you);</li>
          <li>to process payments and refunds, and to prevent fraud (contract and legitimate interests);</li>
          <li>to answer your messages and keep you informed about your orders (contract);</li>
          <li>to keep records that Kenyan tax and consumer law requires (legal obligation);</li>
          <li>
            to send you offers, only if you have agreed to receive them (consent, which you can withdraw any time).
          </li>
        </ul>
      </PageSection>

      <PageSection title="Who we share it with" id="sharing">
        <ul>
          <li>
            <strong>Vendors</strong> receive your name, phone number and delivery address for the items you buy from
            them, and nothing more.
          </li>
          <li>
            <strong>Couriers</strong> receive what they need to deliver your parcel.
          </li>
          <li>
            <strong>Payment providers</strong> (Safaricom for M-Pesa, our card processor) receive what they need to take
            your payment.
          </li>
          <li>
            <strong>Authorities</strong>, only when Kenyan law requires it.
          </li>
        </ul>
        <p>We do not sell your personal data, and we do not let advertisers track you on Soko.</p>
      </PageSection>

      <PageSection title="Cookies and your browser" id="cookies">
        <p>
          We use one essential cookie to keep you signed in. Your cart is stored in your own browser, not on our
          servers, until you check out. We use no advertising or cross-site tracking cookies.
        </p>
      </PageSection>

      <PageSection title="How long we keep it" id="retention">
        <p>
          We keep account data while your account is open. Order and payment records are kept for as long as Kenyan tax
          law requires (currently five years). Contact messages are kept for up to two years. Server logs are deleted
          after 90 days.
        </p>
      </PageSection>

      <PageSection title="How we protect it" id="security">
        <p>
          Data travels over encrypted connections, passwords are hashed, access is limited to staff who need it, and we
          review our safeguards regularly. If a breach puts your data at risk, we will notify the Data Commissioner
          within 72 hours and tell you without delay, as the Act requires.
        </p>
      </PageSection>

      <PageSection title="Your rights" id="rights">
        <p>Under the Data Protection Act, 2019 you have the right to:</p>
        <ul>
          <li>be informed of how your data is used (this policy);</li>
          <li>access the personal data we hold about you;</li>
          <li>have inaccurate or incomplete data corrected;</li>
          <li>have data deleted when we no longer need it or have no lawful basis to keep it;</li>
          <li>object to processing, including for direct marketing;</li>
          <li>receive your data in a portable format.</li>
        </ul>
        <p>
          To exercise any of these, email <a href={`mailto:${site.email}`}>{site.email}</a>. We answer within 14 days.
          If you are not satisfied, you may complain to the Office of the Data Protection Commissioner (ODPC).
        </p>
      </PageSection>

      <PageSection title="Changes and contact" id="contact">
        <p>
          We will post any change to this policy on this page and tell account holders by email about important ones.
        </p>
        <ContactDetails />
      </PageSection>
    </StaticPage>
  )
}
