import { ContactForm } from '../features/contact/contact-form.tsx'
import { ContactDetails, PageSection, pageMeta } from '../features/pages/static-page.tsx'
import '../features/pages/pages.css'

export function meta() {
  return pageMeta(
    'Contact Us',
    'Contact Soko support about an order, a delivery, a return or selling on Soko. Email, phone or send us a message; we reply within one working day.',
  )
}

export default function Contact() {
  return (
    <div className="contact-page">
      <header className="static-page__header">
        <h1>Contact Us</h1>
        <p className="static-page__lead">
          Questions about an order, a delivery or selling on Soko? Send us a message and we reply within one working
          day.
        </p>
      </header>
      <div className="contact-page__layout">
        <ContactForm />
        <PageSection title="Other ways to reach us" id="contact-details">
          <ContactDetails />
          <p className="contact-page__note">
            For an order, include its order number so we can help faster. Never share your M-Pesa PIN or card details
            with anyone.
          </p>
        </PageSection>
      </div>
    </div>
  )
}
