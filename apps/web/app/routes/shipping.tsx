import { Link } from 'react-router'
import { PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'

export function meta() {
  return pageMeta(
    'Shipping & Delivery',
    'Soko delivers to all 47 counties in Kenya: Nairobi in 1-2 working days, major towns in 2-4 and remote areas in 4-7. Fees, tracking and returns.',
  )
}

const deliveryTimes = [
  ['Nairobi', 'Nairobi City County, including Westlands, Karen, Eastlands and the CBD', '1-2 working days'],
  [
    'Major towns',
    'Mombasa, Kisumu, Nakuru, Eldoret, Thika, Nyeri, Machakos, Kisii, Kakamega, Meru, Naivasha and other county headquarters',
    '2-4 working days',
  ],
  [
    'Remote areas',
    'Smaller towns and rural areas, including much of northern and north-eastern Kenya',
    '4-7 working days',
  ],
] as const

export default function Shipping() {
  return (
    <StaticPage
      title="Shipping & Delivery"
      lead="We deliver to all 47 counties in Kenya. Here is how long it takes, what it costs and what happens when your order is on its way."
    >
      <PageSection title="Delivery times" id="delivery-times">
        <p>
          Times are counted from the day the vendor confirms your order, Monday to Saturday, public holidays excluded.
        </p>
        <div className="static-page__table-wrap">
          <table className="static-page__table">
            <caption className="visually-hidden">Typical delivery times by area</caption>
            <thead>
              <tr>
                <th scope="col">Area</th>
                <th scope="col">Typical time</th>
              </tr>
            </thead>
            <tbody>
              {deliveryTimes.map(([area, where, time]) => (
                <tr key={area}>
                  <th scope="row">
                    {area}
                    <span className="static-page__table-note">{where}</span>
                  </th>
                  <td className="static-page__table-time">{time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>

      <PageSection title="Delivery fees" id="delivery-fees">
        <p>
          The delivery fee depends on where your order is going and is shown at checkout, together with VAT, before you
          pay. There are no charges on delivery: what you see at checkout is what you pay.
        </p>
      </PageSection>

      <PageSection title="Orders from several vendors" id="several-vendors">
        <p>
          One order can include items from several vendors. Each vendor packs and ships their own items, so they may
          arrive in separate parcels and on different days. Your order page shows the status of each part.
        </p>
      </PageSection>

      <PageSection title="Tracking and receiving your order" id="tracking">
        <ul>
          <li>You get an SMS and an email when each part of your order is shipped, with the courier's details.</li>
          <li>The rider or courier calls the phone number on your order before delivering.</li>
          <li>
            Please check your parcel when it arrives. If anything is damaged or missing, tell the courier and contact us
            within 48 hours.
          </li>
          <li>
            If nobody is available, the courier tries once more; after a second missed delivery the order returns to the
            vendor and your payment is refunded, less the delivery fee.
          </li>
        </ul>
      </PageSection>

      <PageSection title="Returns" id="returns">
        <p>
          You can return most items within 7 days of delivery. Read how in our{' '}
          <Link to="/faq">frequently asked questions</Link> and the <Link to="/terms">Terms of Service</Link>.
        </p>
      </PageSection>

      <StillNeedHelp />
    </StaticPage>
  )
}
