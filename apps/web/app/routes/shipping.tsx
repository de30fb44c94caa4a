import { Link } from 'react-router'
import { DeliveryZones, deliveryFeePhrase, isFlatFee, PickupStations } from '../features/pages/delivery-fees.tsx'
import { days, either, fetchPolicies, percent } from '../features/pages/policies.ts'
import { PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'
import { formatKes } from '../lib/format.ts'
import type { Route } from './+types/shipping'

// What delivery is on Soko, as the server does it: the zone fees, pickup stations and VAT checkout charges, the shop's steps
// (packages/domain/src/vendor-part-states.ts), the carriers it may choose, and the confirmation after
// DELIVERY_CONFIRM_DAYS. Every number comes from GET /api/site/policies/.

export async function loader({ context }: Route.LoaderArgs) {
  return { policies: await fetchPolicies(context) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const fee = loaderData ? ` Delivery: ${deliveryFeePhrase(loaderData.policies.delivery)}.` : ''
  return pageMeta(
    'Shipping & Delivery',
    `How delivery works on Soko: each shop sends its own items by courier, rider or its own delivery, and you follow every step on your order page.${fee}`,
  )
}

export default function Shipping({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData
  const { delivery } = policies
  const carriers = either(policies.carriers.map((carrier) => carrier.label))
  return (
    <StaticPage
      title="Shipping & Delivery"
      lead="Each shop on Soko packs and sends its own items. Here is what delivery costs, how your order travels and how you confirm it arrived."
    >
      <PageSection title="Delivery fees" id="delivery-fees">
        <p>
          Delivery is {deliveryFeePhrase(delivery)}
          {isFlatFee(delivery) ? ', however many shops your items come from' : ''}. VAT of{' '}
          {percent(policies.vatPercent)} of the items' price is added too. Checkout shows the delivery fee, the VAT and
          the total before you pay, and Soko charges nothing more after that.
        </p>
        <DeliveryZones delivery={delivery} />
        {delivery.extraVendorFee > 0 && (
          <p>
            Each shop sends its own parcel: every shop in your order after the first adds{' '}
            {formatKes(delivery.extraVendorFee)}, for home delivery and pickup alike.
          </p>
        )}
      </PageSection>

      <PageSection title="Where we deliver" id="where">
        <p>
          You can order to an address in any of Kenya's 47 counties, or collect your order at a pickup station. The shop
          you buy from sends its parcel to you or to the station.
        </p>
      </PageSection>

      <PageSection title="Pickup stations" id="pickup">
        <p>
          Choose <em>Pickup station</em> at checkout and pick a station in your county. Each station has its own fee,
          and your parcel is ready about{' '}
          {delivery.pickupExtraDays === 1 ? 'one business day' : days(delivery.pickupExtraDays)} later than home
          delivery to that county. We email and text you when it arrives, with the collection code the station asks for:
          keep it private.
        </p>
        <PickupStations delivery={delivery} />
      </PageSection>

      {policies.payOnDelivery && (
        <PageSection title="Pay on delivery" id="pay-on-delivery">
          <p>
            {policies.payOnDelivery.rules} Each shop's rider collects that shop's part of your order (its items and
            their share of the delivery fee and VAT) when it hands the parcel over; at a pickup station you pay at the
            counter. A parcel refused at the door goes back to its shop and that part of the order is cancelled.
          </p>
        </PageSection>
      )}

      <PageSection title="Delivery times" id="delivery-times">
        <p>
          Checkout shows the estimated delivery dates for your county or station, counted in business days (Monday to
          Friday; public holidays may add a day). Your order page shows the day each shop processed, shipped and
          delivered its part, so you always see where your order is.
        </p>
      </PageSection>

      <PageSection title="Orders from several vendors" id="several-vendors">
        <p>
          One order can include items from several shops. Each shop sends its own items, so they may arrive in separate
          parcels and on different days. Your order page shows the progress of each shop's part.
        </p>
      </PageSection>

      <PageSection title="Tracking and receiving your order" id="tracking">
        <ol className="static-page__steps">
          <li>
            <strong>Paid.</strong> Once your payment is received, each shop in your order is told (by email and text) to
            prepare its part.
          </li>
          <li>
            <strong>Processing.</strong> The shop may mark its part as being prepared.
          </li>
          <li>
            <strong>Shipped.</strong> The shop sends its part and says how, choosing from {carriers}, with the carrier's
            tracking reference (a rider or the shop's own delivery may not have one). You get an email and a text with
            the carrier and the reference.
          </li>
          <li>
            <strong>Delivered.</strong> The shop marks its part delivered when it reaches you, and you get an email and
            a text.
          </li>
          <li>
            <strong>Receipt confirmed.</strong> Press <em>Confirm receipt</em> on your order page when your parcel has
            arrived (you can do it as soon as it is shipped). If you do not, receipt is confirmed by itself{' '}
            {days(policies.deliveryConfirmDays)} after the shop marked the part delivered.
          </li>
        </ol>
        <p>
          Text messages (SMS) go to the phone number you gave at checkout: when you place the order, when it is paid,
          shipped, waiting at a pickup station and delivered, and when a refund is sent. With an account you can turn
          them off under <Link to="/account-settings?tab=settings">My Account, Settings</Link>.
        </p>
        <p>
          Ordered without an account? Every email about your order has a link that opens it, and you can{' '}
          <Link to="/orders">find your order</Link> with its order number and the phone number or email you used at
          checkout.
        </p>
      </PageSection>

      <PageSection title="Returns" id="returns">
        <p>
          If an item arrived damaged, wrong or incomplete, or you do not want it, you can ask to return it from your
          order page within {days(policies.returnWindowDays)} of delivery. Read how in{' '}
          <Link to="/returns">Returns &amp; Refunds</Link>.
        </p>
      </PageSection>

      <StillNeedHelp />
    </StaticPage>
  )
}
