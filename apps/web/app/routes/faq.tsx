import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'
import { site } from '../lib/site.ts'

export function meta() {
  return pageMeta(
    'Frequently Asked Questions',
    'Answers about buying on Soko: paying with M-Pesa or card, delivery times across Kenya, 7-day returns, refunds, verified vendors and your data.',
  )
}

interface Question {
  question: string
  answer: ReactNode
}

const groups: { title: string; id: string; questions: Question[] }[] = [
  {
    title: 'Orders and payment',
    id: 'faq-orders',
    questions: [
      {
        question: 'How do I pay with M-Pesa?',
        answer: (
          <p>
            Choose M-Pesa at checkout and enter your Safaricom number. A payment request appears on your phone: enter
            your M-Pesa PIN to approve it and your order is confirmed within seconds. Never share your PIN with anyone,
            including people who say they work for Soko.
          </p>
        ),
      },
      {
        question: 'Which cards do you accept?',
        answer: (
          <p>
            Visa and Mastercard credit and debit cards, including cards from Kenyan banks. Card details go straight to
            our payment provider; Soko never stores your card number.
          </p>
        ),
      },
      {
        question: 'Do I need an account to buy?',
        answer: (
          <p>
            You can fill your cart without one. An account lets you follow your orders, save addresses and see your
            order history; <Link to="/signup">creating one</Link> takes a minute.
          </p>
        ),
      },
      {
        question: 'Can I buy from several vendors in one order?',
        answer: (
          <p>
            Yes. Your cart can hold items from any number of vendors and you pay once. Each vendor ships their own
            items, so they may arrive separately.
          </p>
        ),
      },
      {
        question: 'Are prices in Kenyan shillings?',
        answer: (
          <p>
            Yes, every price on Soko is in Kenyan shillings (KSh). Delivery and VAT are added at checkout, before you
            pay.
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
        answer: <p>To all 47 counties in Kenya.</p>,
      },
      {
        question: 'How long does delivery take?',
        answer: (
          <p>
            Usually 1-2 working days within Nairobi, 2-4 working days to major towns and 4-7 working days to remote
            areas. See <Link to="/shipping">Shipping &amp; Delivery</Link> for details.
          </p>
        ),
      },
      {
        question: 'How much is delivery?',
        answer: <p>The delivery fee is shown at checkout, before you pay. Nothing more is charged on delivery.</p>,
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
          <>
            <p>
              Yes, within 7 days of delivery, if the item is unused and in its original packaging with its tags and
              accessories. A faulty, damaged or wrong item can always be returned within those 7 days, and its return
              delivery is free.
            </p>
            <p>
              Perishable food, opened personal-care and beauty products, underwear and items made to order cannot be
              returned unless they arrived faulty or wrong.
            </p>
          </>
        ),
      },
      {
        question: 'How do I start a return?',
        answer: (
          <p>
            <Link to="/contact">Contact us</Link> with your order number and what is wrong. We arrange the collection
            with the vendor and keep you informed.
          </p>
        ),
      },
      {
        question: 'When do I get my money back?',
        answer: (
          <p>
            Once the vendor has received the returned item, we refund you within 7 working days, to the M-Pesa number or
            card you paid with.
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
            The vendor has shown us its business registration certificate, KRA PIN and its owner's national ID, and
            confirmed its phone number and payout account. Every vendor is checked before selling; verified vendors have
            gone through these extra checks.
          </p>
        ),
      },
      {
        question: 'How do I sell on Soko?',
        answer: (
          <p>
            See <Link to="/pricing">Sell on Soko</Link>: listing is free and Soko takes a commission only when you sell.
          </p>
        ),
      },
      {
        question: 'How do you protect my personal data?',
        answer: (
          <p>
            We handle your data under Kenya's Data Protection Act, 2019 and share with vendors and couriers only what
            they need to deliver your order. Read our <Link to="/privacy">Privacy Policy</Link>.
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

export default function Faq() {
  return (
    <StaticPage
      title="Frequently Asked Questions"
      lead="Quick answers about ordering, paying, delivery and returns. Select a question to see its answer."
    >
      {groups.map((group) => (
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
